import { Link as MuiLink, Typography } from '@mui/material';
import { useCreatePath } from 'react-admin';
import { Link } from 'react-router';

interface PostingSummary {
  id: number | string;
  title: string;
  // Computed by the API on every careers record: applications in careers-form pointing at it.
  applications_count?: number;
}

export const applicationsFilterSearch = (id: number | string) =>
  `?filter=${encodeURIComponent(JSON.stringify({ career_id: id }))}`;

// How many applications arrived for the posting, linking to them in the Job Applications inbox.
export function ApplicationsLink({ record, emptyText = 'None yet' }: { record: PostingSummary; emptyText?: string }) {
  const createPath = useCreatePath();
  const count = record.applications_count ?? 0;
  const text = count === 1 ? '1 application' : `${count} applications`;
  if (count === 0) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {emptyText}
      </Typography>
    );
  }
  return (
    <MuiLink
      component={Link}
      to={`${createPath({ resource: 'careers-form', type: 'list' })}${applicationsFilterSearch(record.id)}`}
      onClick={(event) => event.stopPropagation()}
      aria-label={`${text} for ${record.title}`}
      underline="hover"
      // At least 24 px high (WCAG 2.2, 2.5.8): on a phone's list the link stands alone in its row, 20 px of text.
      sx={{ fontWeight: 600, whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', minHeight: 24 }}
    >
      {text}
    </MuiLink>
  );
}
