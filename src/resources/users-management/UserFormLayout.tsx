import { Box, Card } from '@mui/material';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';

// The frame of the create and edit pages: the page header with its way back, the form in a card of readable width.
export function UserFormLayout({ title, description, children }: { title: ReactNode; description?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ pb: 4, maxWidth: 720 }}>
      <PageHeader title={title} description={description} back />
      <Card variant="outlined" sx={{ mt: 2 }}>
        {children}
      </Card>
    </Box>
  );
}
