import { EditBase, useRecordContext } from 'react-admin';
import { projects, type Project } from '../../../schema/areas/projects';
import { PageHeader } from '../../components/PageHeader';
import { PublicationChip } from '../../components/PublicationChip';
import { StatusChip } from '../../components/StatusChip';
import { ProjectForm } from './ProjectForm';
import { useRecordQueryOptions } from '../../components/recordQuery';

function Heading() {
  const record = useRecordContext<Project & { id: number }>();
  return (
    <PageHeader
      title={record?.title ?? 'Project'}
      badges={
        record && (
          <>
            <StatusChip status={record.status} />
            <PublicationChip area={projects} record={record} date="beside" />
          </>
        )
      }
      back
    />
  );
}

export function ProjectEdit() {
  const recordQueryOptions = useRecordQueryOptions();
  // Pessimistic: the API's field errors (a taken slug, say) must reach the form before leaving it.
  return (
    <EditBase queryOptions={recordQueryOptions} mutationMode="pessimistic">
      <Heading />
      <ProjectForm />
    </EditBase>
  );
}
