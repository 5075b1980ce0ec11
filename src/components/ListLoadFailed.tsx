// What a list shows when its page could not be read (the database down, the network gone): the API's own words and
// a way to try again. react-admin showed the empty state instead, "No blog posts found", which read as if every post
// had been deleted (an outside probe, with PostgreSQL stopped), beside the error notification.
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import { Button, Stack, Typography } from '@mui/material';
import { useListContext } from 'react-admin';

/** `label`: the list's title, as its page heading says it. */
export function ListLoadFailed({ label }: { label: string }) {
  const { error, refetch } = useListContext();
  const message = error instanceof Error && error.message ? error.message : 'The server did not answer.';
  return (
    <Stack role="alert" spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2, width: '100%' }}>
      <CloudOffOutlinedIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        {label} could not be loaded
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {message} Nothing was changed.
      </Typography>
      <Button variant="outlined" onClick={() => void refetch()}>
        Try again
      </Button>
    </Stack>
  );
}
