import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Badge,
  Chip,
  Collapse,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Tooltip,
} from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useUnreadCounts } from '../components/InboxUnread';
import { prefetchArea } from '../resources';
import { findTrail, menu, type MenuItem } from './menu';
import { focusHeadingOfNextPage } from './focusRescue';
import { useSignOut } from './signOut';

interface MenuProps {
  // Collapsed desktop sidebar: icons only, titles in tooltips.
  dense: boolean;
  onNavigate?: () => void;
}

export function Menu({ dense, onNavigate }: MenuProps) {
  const { pathname } = useLocation();
  const trail = findTrail(menu, pathname);
  return (
    <nav aria-label="Main menu">
      {menu
        .filter((group) => !group.hidden)
        .map((group) => (
          <List
            key={group.id}
            dense
            disablePadding
            aria-labelledby={dense ? undefined : `menu-group-${group.id}`}
            subheader={
              dense ? undefined : (
                <ListSubheader
                  id={`menu-group-${group.id}`}
                  disableSticky
                  sx={{ lineHeight: '36px', fontWeight: 700, textTransform: 'uppercase', fontSize: '0.72rem' }}
                >
                  {group.title}
                </ListSubheader>
              )
            }
          >
            {(group.children ?? []).map((item) => (
              <MenuNode key={item.id} item={item} trail={trail} dense={dense} onNavigate={onNavigate} depth={0} />
            ))}
          </List>
        ))}
    </nav>
  );
}

interface NodeProps {
  item: MenuItem;
  trail: MenuItem[];
  dense: boolean;
  depth: number;
  onNavigate?: (() => void) | undefined;
}

function MenuNode({ item, trail, dense, depth, onNavigate }: NodeProps) {
  const inTrail = trail.includes(item);
  const [open, setOpen] = useState(inTrail || item.type === 'collapse');
  if (item.hidden) return null;

  if (item.type === 'collapse') {
    // A collapsed sidebar has no room for a sub-list: show the children's icons inline instead.
    if (dense) {
      return (
        <>
          {(item.children ?? []).map((child) => (
            <MenuNode key={child.id} item={child} trail={trail} dense depth={depth} onNavigate={onNavigate} />
          ))}
        </>
      );
    }
    const Icon = item.icon;
    const listId = `menu-collapse-${item.id}`;
    return (
      <ListItem disablePadding sx={{ display: 'block' }}>
        <ListItemButton onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={listId}>
          {Icon && (
            <ListItemIcon sx={{ minWidth: 40 }}>
              <Icon />
            </ListItemIcon>
          )}
          <ListItemText primary={item.title} />
          {open ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
        </ListItemButton>
        <Collapse in={open} timeout="auto" unmountOnExit>
          <List id={listId} dense disablePadding>
            {(item.children ?? []).map((child) => (
              <MenuNode
                key={child.id}
                item={child}
                trail={trail}
                dense={false}
                depth={depth + 1}
                onNavigate={onNavigate}
              />
            ))}
          </List>
        </Collapse>
      </ListItem>
    );
  }

  return <MenuLeaf item={item} active={inTrail} dense={dense} depth={depth} onNavigate={onNavigate} />;
}

function MenuLeaf({
  item,
  active,
  dense,
  depth,
  onNavigate,
}: {
  item: MenuItem;
  active: boolean;
  dense: boolean;
  depth: number;
  onNavigate?: (() => void) | undefined;
}) {
  const signOut = useSignOut();
  const { pathname } = useLocation();
  // Forms items show their unread count (issue #3); react-query shares one request among all items.
  const counts = useUnreadCounts();
  const unread = item.resource ? (counts[item.resource] ?? 0) : 0;
  const unreadLabel = `${unread} unread`;
  const Icon = item.icon;
  const prefetch = () => prefetchArea(item.resource ?? item.id);
  const content = (
    <>
      {Icon && (
        <ListItemIcon sx={{ minWidth: 40, color: active ? 'primary.main' : undefined }}>
          {dense && unread > 0 ? (
            <Badge badgeContent={unread} max={99} color="primary">
              <Icon />
            </Badge>
          ) : (
            <Icon />
          )}
        </ListItemIcon>
      )}
      {!dense && <ListItemText primary={item.title} />}
      {!dense && unread > 0 && (
        <Chip
          size="small"
          color="primary"
          label={unread > 99 ? '99+' : unread}
          role="img"
          aria-label={unreadLabel}
          sx={{ height: 20, fontWeight: 700, '& .MuiChip-label': { px: 0.75 } }}
        />
      )}
    </>
  );
  const denseLabel = dense ? (unread > 0 ? `${item.title}, ${unreadLabel}` : item.title) : undefined;
  const sx = {
    pl: dense ? 2 : 2 + depth * 2,
    '&.Mui-selected': { color: 'primary.main', fontWeight: 600, borderRight: 3, borderColor: 'primary.main' },
  };
  const button =
    item.action === 'logout' ? (
      <ListItemButton
        sx={sx}
        aria-label={dense ? item.title : undefined}
        onClick={() => {
          onNavigate?.();
          signOut();
        }}
      >
        {content}
      </ListItemButton>
    ) : item.external ? (
      <ListItemButton
        sx={sx}
        component="a"
        href={item.url}
        target={item.target ? '_blank' : undefined}
        rel="noopener noreferrer"
        aria-label={dense ? item.title : undefined}
      >
        {content}
      </ListItemButton>
    ) : (
      <ListItemButton
        sx={sx}
        component={Link}
        to={item.url ?? '/dashboard'}
        selected={active}
        aria-current={active ? 'page' : undefined}
        aria-label={denseLabel}
        onClick={(event: MouseEvent<HTMLElement>) => {
          focusHeadingOfNextPage(event.currentTarget, pathname === (item.url ?? '/dashboard'));
          onNavigate?.();
        }}
        // Issue #10: pointing at or tabbing to an entry starts loading its area's screens, ahead of the click.
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        {content}
      </ListItemButton>
    );
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {dense ? (
        <Tooltip title={item.title} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </ListItem>
  );
}
