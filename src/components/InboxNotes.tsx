import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useResourceContext, useTranslateLabel, useUpdate } from 'react-admin';
import { VERSION_FIELD } from '../../schema/conflicts';
import { INBOX_NOTES_MAX, inboxUpdateSchema } from '../../schema/define';
import { useEditConflict } from './EditConflict';
import { EditConflictDialog } from './EditConflictDialog';
import type { InboxRecord } from './InboxStatus';
import { useLocation } from 'react-router';
import { forgetRestored, registerDraftKeeper, takeDraft } from '../drafts';
import { catalogue } from '../notifications/catalogue';
import { notify as notice } from '../notifications/store';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';
import { growingTextarea } from './GrowingTextarea';

// Notes for the team, never shown to the sender. Saved on demand (PUT { notes }), not on every keystroke.
export function InboxNotes() {
  const record = useRecordContext<InboxRecord>();
  const resource = useResourceContext() ?? '';
  const notify = useNotify();
  const translateLabel = useTranslateLabel();
  const [update, { isPending }] = useUpdate<InboxRecord>();
  const saved = record?.notes ?? '';
  const { pathname, search } = useLocation();
  const page = `${pathname}${search}`;
  // Notes typed when the session ended are kept for this page (src/drafts.ts) and come back here once the same user
  // has signed in again, as a form's edits do (UnsavedChangesGuard.tsx useKeptDraft): these notes are no form of
  // react-hook-form, and an outside probe lost them, the only text of the console a session's end still dropped.
  const [kept] = useState(() => {
    const draft = takeDraft(page);
    return typeof draft?.values.notes === 'string' ? { notes: draft.values.notes, first: draft.first } : undefined;
  });
  const [draft, setDraft] = useState(kept?.notes ?? saved);
  const refresh = useRefresh();
  const { state: conflict, catchConflict, clear } = useEditConflict();
  const dirty = record !== undefined && draft !== saved;
  useEffect(() => {
    if (kept?.first) notice(catalogue.draftRestored);
  }, [kept]);
  useEffect(() => (dirty ? registerDraftKeeper(() => ({ path: page, values: { notes: draft } })) : undefined), [dirty, page, draft]);
  // Left for another page: the notes were saved or dropped there.
  useEffect(() => () => (`${window.location.pathname}${window.location.search}` === page ? undefined : forgetRestored(page)), [page]);
  if (!record) return null;

  const parsed = inboxUpdateSchema().shape.notes.safeParse(draft);
  const error = parsed.success ? undefined : parsed.error.issues[0]?.message;

  // `version`: to overwrite deliberately after a conflict; otherwise the shown record's (src/dataProvider.ts).
  const save = (version?: unknown) => {
    if (!parsed.success || !dirty) return;
    const notes = parsed.data;
    update(
      resource,
      { id: record.id, data: { notes, ...(version !== undefined && { [VERSION_FIELD]: version }) }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          forgetRestored(page);
          notify('Notes saved', { type: 'success' });
        },
        // Issue #8: someone else wrote other notes meanwhile; the draft stays and the dialog asks.
        onError: (failure) => {
          if (!catchConflict(failure, { notes })) notify((failure as Error)?.message || 'ra.notification.http_error', { type: 'error' });
        },
      },
    );
  };
  const current = conflict?.conflict.current;

  return (
    <Stack
      component="form"
      spacing={1.5}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <EditConflictDialog
        conflict={conflict?.conflict ?? null}
        mine={conflict?.mine ?? {}}
        resource={resource}
        onCancel={clear}
        onReload={() => {
          setDraft(typeof current?.notes === 'string' ? current.notes : '');
          clear();
          refresh();
        }}
        onOverwrite={() => {
          clear();
          save(current?.[VERSION_FIELD]);
        }}
      />
      {/* Issue #8 item 4: typed notes are not dropped by leaving the page. */}
      <UnsavedChangesGuard when={dirty} saving={isPending} />
      <TextField
        label={translateLabel({ source: 'notes', resource })}
        multiline
        slotProps={{ input: { inputComponent: growingTextarea(4, 16) } }}
        fullWidth
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          // Ctrl/⌘+Enter saves, as in most note fields; plain Enter is a new line.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            save();
          }
        }}
        error={!!error}
        helperText={error ?? 'Only your team sees these notes. Ctrl+Enter saves.'}
      />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="caption" color={draft.length > INBOX_NOTES_MAX ? 'error' : 'text.secondary'}>
          {draft.length} / {INBOX_NOTES_MAX}
        </Typography>
        <Button type="submit" variant="contained" startIcon={<SaveOutlinedIcon aria-hidden />} disabled={!dirty || !!error || isPending}>
          Save notes
        </Button>
      </Stack>
    </Stack>
  );
}
