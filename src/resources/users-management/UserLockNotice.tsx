import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import { Alert, AlertTitle, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import {
  Form,
  useDataProvider,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useRefresh,
  type Identifier,
} from 'react-admin';
import { CANNOT_UNLOCK_SELF } from '../../../schema/areas/users-management';
import type { CornerstoneDataProvider } from '../../dataProvider';
import { useIsCurrentUser } from './currentUser';
import { formatLockEnd, useLockEnd } from './lockEnd';
import { OwnPasswordInput, ownPasswordMissing, ownPasswordNeed } from './OwnPasswordInput';

/**
 * Says that failed sign-ins locked this account, and until when (docs/security.md: the 10th failure, 15 minutes).
 * Unlock account lifts it, confirmed with your own password as the other changes that could help take an account.
 * Your own lock has no button: the API refuses it (it holds your password back too), another administrator lifts it.
 */
export function UserLockNotice() {
  const record = useRecordContext();
  const isCurrentUser = useIsCurrentUser();
  // Until who is signed in is known, no button: it could be your own account.
  const { identity } = useGetIdentity();
  const lockedUntil = useLockEnd(record);
  const [open, setOpen] = useState(false);
  if (!record || lockedUntil === null) return null;
  const name = String(record.name ?? record.email ?? '');
  const self = isCurrentUser(record.id);
  return (
    <Alert
      severity="warning"
      sx={{ mx: { xs: 2, sm: 3 }, mt: { xs: 2, sm: 3 } }}
      action={
        self || identity?.id === undefined ? undefined : (
          <Button color="inherit" size="small" startIcon={<LockOpenOutlinedIcon aria-hidden />} onClick={() => setOpen(true)} sx={{ whiteSpace: 'nowrap' }}>
            Unlock account
          </Button>
        )
      }
    >
      <AlertTitle>Locked by failed sign-ins</AlertTitle>
      {self
        ? `Your account is locked until ${formatLockEnd(lockedUntil)}. ${CANNOT_UNLOCK_SELF}.`
        : `${name} cannot sign in until ${formatLockEnd(lockedUntil)}, even with the right password.`}
      {!self && <UnlockDialog open={open} onClose={() => setOpen(false)} id={record.id} name={name} />}
    </Alert>
  );
}

// As the API decides (needsOwnPassword): unlocking always needs your own password.
const validateUnlock = (values: Record<string, unknown>) => {
  const need = ownPasswordNeed({}, undefined, { unlocking: true });
  const given = typeof values.current_password === 'string' && values.current_password !== '';
  return need.needed && !given ? { current_password: ownPasswordMissing(need) } : {};
};

// The dialog's own form, not the user's: its one value, never the record's fields.
const UNLOCK_VALUES = { current_password: '' };

function UnlockDialog({ open, onClose, id, name }: { open: boolean; onClose: () => void; id: Identifier; name: string }) {
  const titleId = useId();
  const textId = useId();
  const dataProvider = useDataProvider<CornerstoneDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();

  // Answers the field errors to show (react-admin's Form puts them on their inputs), or nothing.
  const unlock = async (values: Record<string, unknown>) => {
    try {
      const { data } = await dataProvider.unlockUser(id, String(values.current_password ?? ''));
      // useDataProvider answers { data: {} } for a failure that signed you out (401): nothing was unlocked.
      if (data.id === undefined) return undefined;
    } catch (failure) {
      // A wrong own password is the field's error, as in the user forms (EditConflictSave).
      const errors = (failure as { body?: { errors?: Record<string, string> } } | null)?.body?.errors;
      if (errors && Object.keys(errors).length > 0) return errors;
      // A wait (429, your account's own failures) says when; anything else as react-admin reports it.
      const message = (failure as Error | null)?.message;
      notify(message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message } });
      return undefined;
    }
    onClose();
    notify(`Account unlocked: ${name} can sign in again`, { type: 'success' });
    // The record read again says no lock, so the notice goes (the user's form keeps its edits: UserEdit.tsx).
    refresh();
    return undefined;
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="xs">
      {/* Mounted only while open: every opening starts with an empty password. */}
      {open && (
        <Form record={UNLOCK_VALUES} validate={validateUnlock} onSubmit={unlock} noValidate>
          <DialogTitle id={titleId}>Unlock {name}?</DialogTitle>
          <DialogContent>
            <DialogContentText id={textId}>Their failed sign-ins are forgotten, and they can sign in at once.</DialogContentText>
            <OwnPasswordInput unlocking />
            <FocusField name="current_password" />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <UnlockButton />
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}

// The one field is what to type next. Focused before MUI's Dialog would focus itself, which keeps a focus inside it.
function FocusField({ name }: { name: string }) {
  const { setFocus } = useFormContext();
  useEffect(() => setFocus(name), [setFocus, name]);
  return null;
}

function UnlockButton() {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" loading={isSubmitting} startIcon={<LockOpenOutlinedIcon aria-hidden />}>
      Unlock account
    </Button>
  );
}
