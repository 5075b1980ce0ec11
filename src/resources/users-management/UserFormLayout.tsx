import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Card, Link as MuiLink, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useCreatePath } from 'react-admin';
import { Link } from 'react-router';

// The frame of the create and edit pages: a way back, the heading, the form in a card of readable width.
export function UserFormLayout({ title, description, children }: { title: ReactNode; description?: ReactNode; children: ReactNode }) {
  const createPath = useCreatePath();
  return (
    <Box sx={{ pb: 4, maxWidth: 720 }}>
      <MuiLink
        component={Link}
        to={createPath({ resource: 'users-management', type: 'list' })}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, mt: 0.5 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        Users Management
      </MuiLink>
      <Typography variant="h1" component="h1" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {description && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      )}
      <Card variant="outlined" sx={{ mt: 2 }}>
        {children}
      </Card>
    </Box>
  );
}
