import { Stack, Typography } from '@mui/material';
import { EditBase, useRecordContext } from 'react-admin';
import { projects, type Project } from '../../../schema/areas/projects';
import { PublicationChip } from '../../components/PublicationChip';
import { StatusChip } from '../../components/StatusChip';
import { ProjectForm } from './ProjectForm';

function Heading() {
  const record = useRecordContext<Project & { id: number }>();
  return (
    // The chips sit beside the heading, not in it: the heading names the project and nothing else.
    <Stack direction="row" sx={{ mt: 1, alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Typography variant="h1" component="h1">
        {record?.title ?? 'Project'}
      </Typography>
      {record && <StatusChip status={record.status} />}
      {record && <PublicationChip area={projects} record={record} date="beside" />}
    </Stack>
  );
}

export function ProjectEdit() {
  // Pessimistic: the API's field errors (a taken slug, say) must reach the form before leaving it.
  return (
    <EditBase mutationMode="pessimistic">
      <Heading />
      <ProjectForm />
    </EditBase>
  );
}
