import { Stack, Typography } from '@mui/material';
import { EditBase, useRecordContext } from 'react-admin';
import { careers, type JobPosting } from '../../../schema/areas/careers';
import { PublicationChip } from '../../components/PublicationChip';
import { StatusChip } from '../../components/StatusChip';
import { ApplicationsLink } from './ApplicationsLink';
import { JobPostingForm } from './JobPostingForm';

function Heading() {
  const record = useRecordContext<JobPosting & { id: number; applications_count?: number }>();
  return (
    <Stack direction="row" sx={{ mt: 1, alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Typography variant="h1" component="h1">
        {record?.title ?? 'Job posting'}
      </Typography>
      {record && <StatusChip status={record.status} />}
      {record && <PublicationChip area={careers} record={record} date="beside" />}
      {record && <ApplicationsLink record={record} emptyText="No applications yet" />}
    </Stack>
  );
}

export function JobPostingEdit() {
  // Pessimistic: the API's field errors (a taken slug, say) must reach the form before leaving it.
  return (
    <EditBase mutationMode="pessimistic">
      <Heading />
      <JobPostingForm />
    </EditBase>
  );
}
