import { Box, Card } from '@mui/material';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';

// The frame of the create and edit pages: the page header with its way back, then the form.
export function SeoPageLayout({ title, description, children }: { title: ReactNode; description?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ pb: 4 }}>
      <PageHeader title={title} description={description} back />
      <Card variant="outlined" sx={{ mt: 2 }}>
        {children}
      </Card>
    </Box>
  );
}
