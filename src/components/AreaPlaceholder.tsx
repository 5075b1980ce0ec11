import ConstructionIcon from '@mui/icons-material/Construction';
import { Card, CardContent, Stack, Typography } from '@mui/material';

// Until an area has its own screen, its route still lands on a page with the area's title (issue #2).
export function AreaPlaceholder({ title }: { title: string }) {
  return (
    <Card variant="outlined" sx={{ mt: 1 }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <ConstructionIcon color="primary" fontSize="large" aria-hidden />
          <div>
            <Typography variant="h1" component="h1" gutterBottom>
              {title}
            </Typography>
            <Typography color="text.secondary">The screen for this area is on its way.</Typography>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
