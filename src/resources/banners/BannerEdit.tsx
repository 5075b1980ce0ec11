import { Typography } from '@mui/material';
import { EditBase, useRecordContext } from 'react-admin';
import type { Banner } from '../../../schema/areas/banners';
import type { Schedule } from '../../../schema/schedule';
import { ScheduleChip } from '../../components/ScheduleChip';
import { BannerForm } from './BannerForm';

function Heading() {
  const record = useRecordContext<Banner & { id: number; schedule?: Schedule }>();
  return (
    <Typography variant="h1" component="h1" sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      {record?.title ?? 'Banner'}
      {record && <ScheduleChip schedule={record.schedule} />}
    </Typography>
  );
}

export function BannerEdit() {
  // Pessimistic: the API's field errors must reach the form before leaving it.
  return (
    <EditBase mutationMode="pessimistic">
      <Heading />
      <BannerForm />
    </EditBase>
  );
}
