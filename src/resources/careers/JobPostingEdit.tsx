import { EditBase, useRecordContext } from 'react-admin';
import { careers, type JobPosting } from '../../../schema/areas/careers';
import { PageHeader } from '../../components/PageHeader';
import { PublicationChip } from '../../components/PublicationChip';
import { StatusChip } from '../../components/StatusChip';
import { ApplicationsLink } from './ApplicationsLink';
import { JobPostingForm } from './JobPostingForm';
import { useRecordQueryOptions } from '../../components/recordQuery';

function Heading() {
  const record = useRecordContext<JobPosting & { id: number; applications_count?: number }>();
  return (
    <PageHeader
      title={record?.title ?? 'Job posting'}
      badges={
        record && (
          <>
            <StatusChip status={record.status} />
            <PublicationChip area={careers} record={record} date="beside" />
            <ApplicationsLink record={record} emptyText="No applications yet" />
          </>
        )
      }
      back
    />
  );
}

export function JobPostingEdit() {
  const recordQueryOptions = useRecordQueryOptions();
  // Pessimistic: the API's field errors (a taken slug, say) must reach the form before leaving it.
  return (
    <EditBase queryOptions={recordQueryOptions} mutationMode="pessimistic">
      <Heading />
      <JobPostingForm />
    </EditBase>
  );
}
