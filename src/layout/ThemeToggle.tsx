import Brightness4Icon from '@mui/icons-material/Brightness4';
import Brightness7Icon from '@mui/icons-material/Brightness7';
import { IconButton, Tooltip, useMediaQuery } from '@mui/material';
import { useTheme, useThemesContext } from 'react-admin';

/**
 * The header's light/dark switch. react-admin's ToggleThemeButton, as a toggle that says its state: "Dark mode",
 * pressed or not (its "Toggle light/dark mode" told a screen reader nothing of which theme was on: a new user's
 * probe). The same store key and default as react-admin's, so the choice is kept as before.
 */
export function ThemeToggle() {
  const { darkTheme, defaultTheme } = useThemesContext();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [theme, setTheme] = useTheme(defaultTheme || (prefersDark && darkTheme ? 'dark' : 'light'));
  const dark = theme === 'dark';
  return (
    <Tooltip title="Dark mode" enterDelay={300}>
      <IconButton color="inherit" aria-label="Dark mode" aria-pressed={dark} onClick={() => setTheme(dark ? 'light' : 'dark')}>
        {dark ? <Brightness7Icon /> : <Brightness4Icon />}
      </IconButton>
    </Tooltip>
  );
}
