import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The first stop of the keyboard: "Skip to content", past the header and the menu to the page (#main-content). Shown
 * only while focused. react-admin's own button shows an icon instead of its label on a phone, and has no icon: at
 * 390 px it was an empty circle over the menu button (a new user's keyboard probe).
 */
export function SkipLink() {
  const translate = useTranslate();
  return (
    <Button
      href="#main-content"
      variant="contained"
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById('main-content');
        if (!main) return;
        if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
        main.focus({ preventScroll: true });
        main.scrollIntoView();
      }}
      sx={{
        position: 'fixed',
        left: 16,
        top: -80,
        zIndex: 5000,
        '&:focus': { top: 16 },
        '&:focus-visible': { outline: '3px solid', outlineColor: 'text.primary', outlineOffset: 2 },
      }}
    >
      {translate('ra.navigation.skip_nav', { _: 'Skip to content' })}
    </Button>
  );
}
