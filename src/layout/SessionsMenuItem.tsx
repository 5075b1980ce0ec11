import DevicesIcon from '@mui/icons-material/Devices';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useUserMenu } from 'react-admin';
import { Link } from 'react-router';
import { SESSIONS_PATH } from '../sessions/SessionsPage';

// The user menu's way to the signed-in user's sessions (issue #9). Not in the side menu: SPEC §2 names its items.
export function SessionsMenuItem() {
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to={SESSIONS_PATH} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <DevicesIcon fontSize="small" aria-hidden />
      </ListItemIcon>
      <ListItemText>Sessions</ListItemText>
    </MenuItem>
  );
}
