import type { ReactNode } from 'react';
import { Toolbar } from 'react-admin';

// react-admin's default toolbar is grey; ours floats over the form like a save bar.
export function SaveBar({ children }: { children: ReactNode }) {
  return (
    <Toolbar
      sx={{
        position: { sm: 'sticky' },
        bottom: { sm: 0 },
        mt: 2,
        border: { sm: 1 },
        borderColor: { sm: 'divider' },
        borderRadius: { sm: 2 },
        justifyContent: 'space-between',
        gap: 1,
        bgcolor: 'background.paper',
        boxShadow: (theme) => `0 -4px 16px ${theme.palette.mode === 'dark' ? 'rgba(0,0,0,0.5)' : 'rgba(16,38,34,0.08)'}`,
        zIndex: 2,
      }}
    >
      {children}
    </Toolbar>
  );
}
