import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

// A card of the form; untitled when it holds one input that carries its own label.
export function FormCard({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Box
      component={title ? 'section' : 'div'}
      aria-label={title}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper', p: { xs: 2, sm: 2.5 } }}
    >
      {title && (
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
      )}
      {children}
    </Box>
  );
}

// Two inputs side by side from the small breakpoint up, stacked on a phone.
export function FormPair({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2 }}>
      {children}
    </Box>
  );
}
