// The header's user menu (Sessions, Logout), as react-admin's UserMenu draws it — the user's name on a wide screen, an
// icon on a phone — with what react-admin's leaves out (an outside keyboard probe): the button says that it opens a
// menu and whether the menu is open (aria-haspopup, aria-expanded, aria-controls) at every width, and the open menu
// is drawn above the notification area (NotificationArea.css, z-index 1500), which covered Logout for the seconds a
// notice stays, focused or not (WCAG 2.4.11).
import AccountCircle from '@mui/icons-material/AccountCircle';
import { Button, IconButton, Menu, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { useCallback, useId, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { useGetIdentity, UserMenuContextProvider, useTranslate } from 'react-admin';

/** Above the notification area (1500) and the loading overlay (1450): an open menu is what the user is working in. */
export const PROFILE_MENU_Z_INDEX = 1550;

export function ProfileMenu({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const { isPending, identity } = useGetIdentity();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const onClose = useCallback(() => setAnchor(null), []);
  const context = useMemo(() => ({ onClose }), [onClose]);
  const menuId = useId();
  const open = anchor !== null;
  const label = translate('ra.auth.user_menu', { _: 'Profile' });
  const buttonProps = {
    'aria-label': label,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    color: 'inherit' as const,
    onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
  };
  return (
    <>
      {wide && !isPending && identity?.fullName ? (
        <Button
          {...buttonProps}
          // Named as it reads, then what it is: "Profile" alone, beside the name it shows, was a name voice control
          // could not say (WCAG 2.5.3 Label in Name; an outside probe, by keyboard).
          aria-label={`${identity.fullName}, ${label}`}
          // The class react-admin gives its own, which the theme and the browser tests know.
          className="RaUserMenu-userButton"
          startIcon={<AccountCircle />}
          variant="text"
          sx={{ textTransform: 'none', ml: 0.5 }}
        >
          {identity.fullName}
        </Button>
      ) : (
        <Tooltip title={label}>
          <IconButton {...buttonProps}>
            <AccountCircle />
          </IconButton>
        </Tooltip>
      )}
      <UserMenuContextProvider value={context}>
        <Menu
          slotProps={{ list: { id: menuId } }}
          disableScrollLock
          anchorEl={anchor}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          open={open}
          onClose={onClose}
          sx={{ zIndex: PROFILE_MENU_Z_INDEX }}
        >
          {children}
        </Menu>
      </UserMenuContextProvider>
    </>
  );
}
