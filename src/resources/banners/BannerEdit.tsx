import { EditBase, useRecordContext } from 'react-admin';
import type { Banner } from '../../../schema/areas/banners';
import type { Schedule } from '../../../schema/schedule';
import { PageHeader } from '../../components/PageHeader';
import { ScheduleChip } from '../../components/ScheduleChip';
import { BannerForm } from './BannerForm';
import { useRecordQueryOptions } from '../../components/recordQuery';

function Heading() {
  const record = useRecordContext<Banner & { id: number; schedule?: Schedule }>();
  return (
    // The chip sits beside the heading, not in it: the heading names the banner and nothing else.
    <PageHeader title={record?.title ?? 'Banner'} badges={record && <ScheduleChip schedule={record.schedule} />} back />
  );
}

export function BannerEdit() {
  const recordQueryOptions = useRecordQueryOptions();
  // Pessimistic: the API's field errors must reach the form before leaving it.
  return (
    <EditBase queryOptions={recordQueryOptions} mutationMode="pessimistic">
      <Heading />
      <BannerForm />
    </EditBase>
  );
}
