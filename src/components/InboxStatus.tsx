import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import FiberNewOutlinedIcon from '@mui/icons-material/FiberNewOutlined';
import PendingOutlinedIcon from '@mui/icons-material/PendingOutlined';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';
import { useNotify, useRecordContext, useResourceContext, useUpdate, type RaRecord } from 'react-admin';
import { VERSION_FIELD } from '../../schema/conflicts';
import { INBOX_STATUSES, inboxUpdateSchema, type InboxUpdate } from '../../schema/define';
import { useEditConflict } from './EditConflict';
import { EditConflictDialog } from './EditConflictDialog';
import { useRefreshInbox } from './InboxUnread';
import { ToneChip, type Tone } from './StatusChip';

export type InboxStatus = (typeof INBOX_STATUSES)[number];

// What every inbox record carries besides its submitted fields (server-managed, schema/define.ts).
export interface InboxRecord extends RaRecord {
  status?: InboxStatus;
  notes?: string | null;
  read?: boolean;
  created_at?: string;
  updated_at?: string;
}

interface StatusLook {
  label: string;
  tone: Tone;
  icon: SvgIconComponent;
}

// Issue #3: new → in progress → closed.
export const INBOX_STATUS_LOOK: Record<InboxStatus, StatusLook> = {
  new: { label: 'New', tone: 'info', icon: FiberNewOutlinedIcon },
  in_progress: { label: 'In progress', tone: 'warning', icon: PendingOutlinedIcon },
  closed: { label: 'Closed', tone: 'neutral', icon: CheckCircleOutlineIcon },
};

export const inboxStatusChoices = INBOX_STATUSES.map((id) => ({ id, name: INBOX_STATUS_LOOK[id].label }));

const isStatus = (value: unknown): value is InboxStatus => INBOX_STATUSES.includes(value as InboxStatus);

export function InboxStatusChip({ status }: { status: unknown }) {
  const look = INBOX_STATUS_LOOK[isStatus(status) ? status : 'new'];
  return <ToneChip tone={look.tone} label={look.label} />;
}

// The workflow as a segmented control: one press saves the new status (PUT with inboxUpdateSchema's fields).
export function InboxStatusControl() {
  const record = useRecordContext<InboxRecord>();
  const resource = useResourceContext() ?? '';
  const notify = useNotify();
  const refresh = useRefreshInbox(resource);
  const [update, { isPending }] = useUpdate<InboxRecord>();
  const { state: conflict, catchConflict, clear } = useEditConflict();
  if (!record) return null;
  const current = isStatus(record.status) ? record.status : 'new';

  // `version`: to overwrite deliberately after a conflict; otherwise the shown record's (src/dataProvider.ts).
  const change = (next: InboxStatus | null, version?: unknown) => {
    if (!next || (next === current && version === undefined)) return;
    const data: InboxUpdate = inboxUpdateSchema().parse({ status: next });
    update(
      resource,
      { id: record.id, data: { status: data.status, ...(version !== undefined && { [VERSION_FIELD]: version }) }, previousData: record },
      {
        mutationMode: 'optimistic',
        onSuccess: () => {
          notify(`Status changed to ${INBOX_STATUS_LOOK[next].label}`, { type: 'success' });
          refresh();
        },
        // Issue #8: someone else set another status meanwhile; the dialog asks.
        onError: (error) => {
          if (!catchConflict(error, { status: next })) notify((error as Error)?.message || 'ra.notification.http_error', { type: 'error' });
        },
      },
    );
  };

  const dialog = (
    <EditConflictDialog
      conflict={conflict?.conflict ?? null}
      mine={conflict?.mine ?? {}}
      resource={resource}
      onCancel={clear}
      onReload={() => {
        clear();
        refresh();
      }}
      onOverwrite={() => {
        const mine = conflict?.mine.status;
        const version = conflict?.conflict.current[VERSION_FIELD];
        clear();
        if (isStatus(mine)) change(mine, version);
      }}
    />
  );

  return (
    <>
      {dialog}
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        value={current}
        disabled={isPending}
        onChange={(_event, next: InboxStatus | null) => change(next)}
        aria-label="Status"
      >
        {INBOX_STATUSES.map((status) => {
          const { label, icon: Icon } = INBOX_STATUS_LOOK[status];
          return (
            <ToggleButton
              key={status}
              value={status}
              sx={{
                gap: 0.5,
                px: 1,
                textTransform: 'none',
                fontWeight: 600,
                whiteSpace: 'nowrap',
                minWidth: 0,
                '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2, zIndex: 1 },
              }}
            >
              <Icon fontSize="small" aria-hidden />
              {label}
            </ToggleButton>
          );
        })}
      </ToggleButtonGroup>
    </>
  );
}
