import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { AppBar, Box, IconButton, Toolbar, Tooltip, useTheme } from '@mui/material';
import { Link } from 'react-router';
import { Logout, useUserMenu } from 'react-admin';
import { Logo } from '../components/Logo';
import { ProfileMenu } from './ProfileMenu';
import { SessionsMenuItem } from './SessionsMenuItem';
import { ThemeToggle } from './ThemeToggle';
import { useSignOut } from './signOut';
import { config, HEADER_LOGO_WIDTH_PX } from '../config';
import { useSidebar } from './sidebarState';

export const HEADER_HEIGHT_PX = 64;

export function Header() {
  const { isDesktop, open, toggle } = useSidebar();
  const dark = useTheme().palette.mode === 'dark';
  const label = isDesktop ? (open ? 'Collapse sidebar' : 'Expand sidebar') : open ? 'Close menu' : 'Open menu';
  return (
    <AppBar
      position="fixed"
      color="inherit"
      sx={{
        height: HEADER_HEIGHT_PX,
        justifyContent: 'center',
        borderBottom: 1,
        borderColor: 'divider',
        // On desktop the sidebar sits below the header; on mobile the menu overlay covers it.
        zIndex: (theme) => (isDesktop ? theme.zIndex.drawer + 1 : theme.zIndex.appBar),
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <Tooltip title={label}>
          <IconButton edge="start" color="inherit" onClick={toggle} aria-label={label} aria-expanded={open} data-sidebar-toggle>
            {open ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        <Box component={Link} to="/dashboard" sx={{ display: 'flex', alignItems: 'center' }}>
          {/* SPEC §2/§9: the header logo is 150px wide. */}
          <Logo width={HEADER_LOGO_WIDTH_PX} alt={`${config.productName} dashboard home`} dark={dark} />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <ThemeToggle />
        <ProfileMenu>
          <SessionsMenuItem />
          <GuardedLogout />
        </ProfileMenu>
      </Toolbar>
    </AppBar>
  );
}

// The user menu's Logout: as react-admin's, through the question of unsaved edits (signOut.tsx).
function GuardedLogout() {
  const signOut = useSignOut();
  const userMenu = useUserMenu();
  return (
    <Logout
      onClick={() => {
        userMenu?.onClose();
        signOut();
      }}
    />
  );
}
