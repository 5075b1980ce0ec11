import HistoryIcon from '@mui/icons-material/History';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Button, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Loading, useAuthenticated } from 'react-admin';
import { pageTitle } from '../config';

export const NOT_FOUND_TITLE = 'Page not found';

/**
 * An address under /dashboard that leads nowhere. react-admin's page said 'Dashboard' in the tab (no menu item
 * matches), added a second full stop to its own message, and faded it to half opacity: 3.14:1 on the light theme's
 * background (axe). The same words and way back, in the theme's secondary text colour.
 */
export function NotFound() {
  // As react-admin's: a signed-out visitor is sent to sign in, not told the page is missing.
  const { isPending } = useAuthenticated();
  // SPEC §2's '{title} | {product} Dashboard'. Not in the side menu, so the breadcrumb's title, set in an earlier
  // effect, would say 'Dashboard'.
  useEffect(() => {
    document.title = pageTitle(NOT_FOUND_TITLE);
  }, []);

  if (isPending) return <Loading />;
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 6, md: 10 }, px: 2 }}>
      <SearchOffIcon aria-hidden sx={{ fontSize: 96, color: 'text.secondary' }} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        {NOT_FOUND_TITLE}
      </Typography>
      <Typography color="text.secondary">Either you typed a wrong URL, or you followed a bad link.</Typography>
      <Button variant="contained" startIcon={<HistoryIcon />} onClick={() => window.history.go(-1)} sx={{ mt: 1 }}>
        Go back
      </Button>
    </Stack>
  );
}
