import type { ChipProps } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { SCHEDULES, type Schedule } from '../../schema/schedule';
import { ToneChip, type Tone } from './StatusChip';

// What the API computes for a banner (`schedule` on list records, also a list filter), in words.
export const SCHEDULE_LABELS: Record<Schedule, string> = {
  live: 'Live now',
  upcoming: 'Upcoming',
  expired: 'Expired',
  inactive: 'Inactive',
};

const SCHEDULE_TONES: Record<Schedule, Tone> = {
  live: 'success',
  upcoming: 'info',
  expired: 'warning',
  inactive: 'neutral',
};

const isSchedule = (value: unknown): value is Schedule => SCHEDULES.includes(value as Schedule);

interface ScheduleChipProps {
  // Read from the record context's `source` (default 'schedule') when omitted.
  schedule?: Schedule | null;
  source?: string;
  sx?: ChipProps['sx'];
}

export function ScheduleChip({ schedule, source = 'schedule', sx }: ScheduleChipProps) {
  const record = useRecordContext();
  const value = schedule ?? record?.[source];
  if (!isSchedule(value)) return null;
  return (
    <ToneChip
      tone={SCHEDULE_TONES[value]}
      dot={value === 'live' ? 'pulse' : true}
      label={SCHEDULE_LABELS[value]}
      sx={sx}
    />
  );
}
