import { Typography } from '@mui/material';
import { EditBase, useRecordContext } from 'react-admin';
import type { Project } from '../../../schema/areas/projects';
import { StatusChip } from '../../components/StatusChip';
import { ProjectForm } from './ProjectForm';

function Heading() {
  const record = useRecordContext<Project & { id: number }>();
  return (
    <Typography variant="h1" component="h1" sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      {record?.title ?? 'Project'}
      {record && <StatusChip status={record.status} />}
    </Typography>
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
