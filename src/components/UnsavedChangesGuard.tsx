import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useContext, useEffect, useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CreateContext, useBasename, useBlocker, useCanBlock, useRecordContext, useResourceContext } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { useLocation } from 'react-router';
import { forgetRestored, registerDraftKeeper, takeDraft } from '../drafts';
import { catalogue } from '../notifications/catalogue';
import { notify } from '../notifications/store';

interface UnsavedChangesGuardProps {
  // There are edits nobody has saved yet.
  when: boolean;
  // A save is on its way: a navigation it causes (the redirect after saving) waits for its answer instead of asking.
  saving?: boolean;
}

// The guards holding edits nobody has saved, for what leaves the console without navigating (signing out, Header.tsx).
const unsaved = new Set<object>();

/** Whether a form on the page holds edits nobody has saved yet. */
export const hasUnsavedChanges = (): boolean => unsaved.size > 0;

// Issue #8 item 4: the one guard of every form. In-app navigation asks in the console's own dialog; closing or
// reloading the tab gets the browser's beforeunload prompt, the only thing browsers allow there. It replaces
// react-admin's warnWhenUnsavedChanges, which asks with window.confirm.
export function UnsavedChangesGuard({ when, saving = false }: UnsavedChangesGuardProps) {
  const canBlock = useCanBlock();
  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chromium before 119 only asks when returnValue is set.
      event.returnValue = true;
    };
    const form = {};
    unsaved.add(form);
    window.addEventListener('beforeunload', ask);
    return () => {
      unsaved.delete(form);
      window.removeEventListener('beforeunload', ask);
    };
  }, [when]);
  // useBlocker needs a data router (src/ConsoleRouter.tsx's createBrowserRouter); elsewhere only the tab is guarded.
  return canBlock ? <NavigationGuard when={when} saving={saving} /> : null;
}

// The guard of a react-admin form (SimpleForm and the like), read from react-hook-form's state.
export function FormUnsavedChangesGuard() {
  const { dirtyFields, isSubmitSuccessful, isSubmitting } = useFormState();
  // As react-admin's own guard: dirtyFields, not isDirty, which also counts fields an input registers on mount.
  const dirty = Object.keys(dirtyFields).length > 0;
  useKeptDraft(dirty && !isSubmitSuccessful);
  return <UnsavedChangesGuard when={dirty && !isSubmitSuccessful} saving={isSubmitting} />;
}

/**
 * A session's end keeps this form's unsaved edits (src/drafts.ts), and the form of the same page takes them back
 * when it opens after the user signed in again: they are in the form, unsaved (so guarded, and saved as a stale copy
 * if the record changed meanwhile), and a notice says so.
 */
function useKeptDraft(unsavedEdits: boolean) {
  const { getValues, reset } = useFormContext();
  const { isReady, isSubmitSuccessful } = useFormState();
  const { pathname, search } = useLocation();
  const page = `${pathname}${search}`;
  // A new record's form has no record to wait for; an edit's waits for its record.
  const creating = useContext(CreateContext) != null;
  const record = useRecordContext();
  const loaded = creating || record !== undefined;
  useEffect(() => {
    if (!isReady || !loaded) return;
    // After the effects of this render: react-admin's form puts the record in with a reset of its own (ra-core
    // useAugmentedForm), whose effect runs after this component's and would undo a restore made here.
    const restore = setTimeout(() => {
      const draft = takeDraft(page);
      if (draft === undefined) return;
      // The record's values stay the defaults, so the kept ones count as edits.
      reset({ ...getValues(), ...draft.values }, { keepDefaultValues: true });
      if (draft.first) notify(catalogue.draftRestored);
    }, 0);
    return () => clearTimeout(restore);
    // Once the form is ready with its record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isReady, loaded]);
  useEffect(() => {
    if (isSubmitSuccessful) forgetRestored(page);
  }, [isSubmitSuccessful, page]);
  // Left for another page (not a form of this page opened again as it settles): the edits were dropped or saved.
  useEffect(() => () => (currentPage() === page ? undefined : forgetRestored(page)), [page]);
  useEffect(() => (unsavedEdits ? registerDraftKeeper(() => ({ path: page, values: getValues() })) : undefined), [unsavedEdits, page, getValues]);
}

const currentPage = () => `${window.location.pathname}${window.location.search}`;

function NavigationGuard({ when, saving }: Required<UnsavedChangesGuardProps>) {
  const basename = useBasename();
  const queryClient = useQueryClient();
  const resource = useResourceContext();
  const record = useRecordContext();
  // The record is being deleted, or was a moment ago: leaving its page after that drops nothing worth keeping
  // (react-admin leaves for the list as its delete succeeds, the form's edits still in it).
  const deleting = () =>
    record?.id !== undefined &&
    queryClient
      .getMutationCache()
      .findAll({ mutationKey: [resource, 'delete'] })
      .some(({ state }) => state.status !== 'error' && String((state.variables as { id?: unknown } | undefined)?.id) === String(record.id) && Date.now() - state.submittedAt < 60_000);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!when && !saving) return false;
    if (deleting()) return false;
    // Another search or hash of the same page keeps the form; leaving the console is never held back here: a session
    // that ended has nothing to save to, and signing out asks before it ends the session (src/layout/Header.tsx).
    if (nextLocation.pathname === currentLocation.pathname) return false;
    return nextLocation.pathname === basename || nextLocation.pathname.startsWith(`${basename}/`);
  });
  const blocked = blocker.state === 'blocked';

  useEffect(() => {
    // Saved (or deleted: react-admin resets the form before redirecting) while a navigation waited: let it go.
    if (blocked && !when && !saving) blocker.proceed?.();
    // The blocker object changes on every render; its state is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocked, when, saving]);

  // Derived, not stored: a save that ends while blocked never shows the dialog.
  const open = blocked && when && !saving;
  return <LeaveWithoutSavingDialog open={open} onLeave={() => blocker.proceed?.()} onStay={() => blocker.reset?.()} />;
}

interface LeaveWithoutSavingDialogProps {
  open: boolean;
  onLeave: () => void;
  onStay: () => void;
}

/** The one question before edits are dropped: on leaving a form's page, and on signing out from it. */
export function LeaveWithoutSavingDialog({ open, onLeave, onStay }: LeaveWithoutSavingDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Leave without saving?</DialogTitle>
      <DialogContent>
        <DialogContentText>Your changes on this page have not been saved. If you leave now, they are lost.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLeave} color="error">
          Leave
        </Button>
        {/* The safe choice takes the focus, so Enter or Escape keeps the edits (the WAI-ARIA alert dialog pattern). */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <Button onClick={onStay} variant="contained" autoFocus>
          Stay
        </Button>
      </DialogActions>
    </Dialog>
  );
}
