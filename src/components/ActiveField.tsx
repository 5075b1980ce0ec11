import { FormControlLabel, Switch } from '@mui/material';
import { useNotify, useRecordContext, useResourceContext, useUpdate } from 'react-admin';

export interface ActiveFieldProps {
  source?: string;
  // How the record is named to screen readers ('Show <title> on the website').
  title?: string;
}

// The active flag of an ordered area's record, switched in place from the list (issue #3 §3): an active record is
// shown on the website. Optimistic: the switch moves at once and moves back if the server refuses.
export function ActiveField({ source = 'active', title }: ActiveFieldProps) {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  const active = record[source] !== false;
  const name = title ?? `#${record.id}`;

  const toggle = () =>
    update(
      resource,
      { id: record.id, data: { [source]: !active }, previousData: record },
      {
        mutationMode: 'optimistic',
        onSuccess: () => notify(active ? `${name} is now hidden from the website` : `${name} is now shown on the website`, { type: 'success' }),
        onError: (error) => notify((error as Error)?.message || 'ra.notification.http_error', { type: 'error' }),
      },
    );

  return (
    <FormControlLabel
      sx={{ m: 0, minWidth: 96, '& .MuiFormControlLabel-label': { fontSize: 14, color: active ? 'text.primary' : 'text.secondary' } }}
      control={
        <Switch
          size="small"
          checked={active}
          disabled={isPending}
          onChange={toggle}
          slotProps={{ input: { 'aria-label': `Show ${name} on the website` } }}
        />
      }
      label={active ? 'Shown' : 'Hidden'}
    />
  );
}
