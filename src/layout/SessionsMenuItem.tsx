import DevicesIcon from '@mui/icons-material/Devices';
import { ListItemIcon, ListItemText, MenuItem, type MenuItemProps } from '@mui/material';
import { forwardRef } from 'react';
import { useBasename, useUserMenu } from 'react-admin';
import { Link } from 'react-router';
import { SESSIONS_PATH } from '../sessions';

// The user menu's way to the signed-in user's sessions (issue #9). Not in the side menu: SPEC §2 names its items.
// Under the console's basename (/dashboard/sessions), as react-admin routes its custom routes; and forwarding what
// the menu gives its first item (focus, tab index, ref), so the menu opens on it from the keyboard and arrows move.
export const SessionsMenuItem = forwardRef<HTMLAnchorElement, Omit<MenuItemProps<typeof Link>, 'to'>>(function SessionsMenuItem({ onClick, ...props }, ref) {
  const userMenu = useUserMenu();
  const basename = useBasename();
  return (
    <MenuItem
      {...props}
      ref={ref}
      component={Link}
      to={`${basename}${SESSIONS_PATH}`}
      onClick={(event) => {
        onClick?.(event);
        userMenu?.onClose();
      }}
    >
      <ListItemIcon>
        <DevicesIcon fontSize="small" aria-hidden />
      </ListItemIcon>
      <ListItemText>Sessions</ListItemText>
    </MenuItem>
  );
});
