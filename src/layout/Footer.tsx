import { Box, Link, Typography } from '@mui/material';
import { config } from '../config';

// SPEC §2: a copyright line and a link to the developer company.
export function Footer() {
  return (
    <Box
      component="footer"
      sx={{
        mt: 'auto',
        py: 2,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        justifyContent: 'space-between',
        borderTop: 1,
        borderColor: 'divider',
        // On a phone a form's toolbar (Save, Delete) is fixed to the bottom of the window: the page ends with room for
        // it, or the footer and its link were under it for good, focused or not (a keyboard probe; WCAG 2.4.11).
        'body:has(.RaToolbar-mobileToolbar) &': { mb: '72px' },
      }}
    >
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()} {config.productName}. All rights reserved.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Built by{' '}
        <Link href={config.developerUrl} target="_blank" rel="noopener noreferrer">
          {config.developerName}
        </Link>
      </Typography>
    </Box>
  );
}
