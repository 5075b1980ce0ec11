import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  CreateContext,
  SaveContextProvider,
  setSubmissionErrors,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useSaveContext,
  type SaveHandler,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { VERSION_FIELD, editConflictOf, sameValue, type EditConflict } from '../../schema/conflicts';
import { EditConflictDialog } from './EditConflictDialog';

interface ConflictState {
  conflict: EditConflict;
  mine: Record<string, unknown>;
}

/** A failed request's 409 conflict (httpClient keeps the answer's body), or undefined. */
export const conflictOfError = (error: unknown): EditConflict | undefined => editConflictOf((error as { body?: unknown } | null)?.body);

/** One conflict at a time, for controls that save on their own (inbox notes and status). */
export function useEditConflict() {
  const [state, setState] = useState<ConflictState | null>(null);
  /** True when `error` was a conflict: the dialog opens with `mine`, the values that were not saved. */
  const catchConflict = useCallback((error: unknown, mine: Record<string, unknown>) => {
    const conflict = conflictOfError(error);
    if (conflict) setState({ conflict, mine });
    return conflict !== undefined;
  }, []);
  const clear = useCallback(() => setState(null), []);
  return { state, catchConflict, clear };
}

interface FormConflict {
  state: ConflictState | null;
  clear: () => void;
  save: SaveHandler<Record<string, unknown>>;
}

const FormConflictContext = createContext<FormConflict | null>(null);

/**
 * Wraps an edit form's save (issue #8): a 409 opens the conflict dialog instead of an error notice, and the edits
 * stay in the form. Other failures are reported as react-admin reports them. Used once, by GuardedForm.
 */
export function EditConflictSave({ children }: { children: ReactNode }) {
  const saveContext = useSaveContext();
  const notify = useNotify();
  const { state, catchConflict, clear } = useEditConflict();
  const original = saveContext.save;
  const { mutationMode } = saveContext;

  // One save at a time: a double click on Create, or Enter pressed twice, sent two creates while the first was on its
  // way (a slow phone made two posts: an outside probe); the second is dropped until the first is answered.
  const inFlight = useRef(false);
  // A new record's form that has created its record creates nothing more: it stayed on screen, its button enabled,
  // while the record's page loaded, and Enter pressed again there made a second post (an outside probe, by keyboard).
  const creating = useContext(CreateContext) != null;
  const created = useRef(false);
  const save = useCallback<SaveHandler<Record<string, unknown>>>(
    async (data, callbacks) => {
      if (inFlight.current || created.current) return undefined;
      inFlight.current = true;
      let failed = false;
      try {
        const answer = await original!(data, {
        ...callbacks,
        // A call-time onError replaces the Edit's own (ra-core useMutationWithMutationMode), so the rest is ours.
        onError: (error: unknown, ...rest: unknown[]) => {
          failed = true;
          if (catchConflict(error, data)) return;
          if (callbacks?.onError) return (callbacks.onError as (...args: unknown[]) => unknown)(error, ...rest);
          // As react-admin's default: field errors of a pessimistic save show on their inputs, not as a notice.
          const fieldErrors = (error as { body?: { errors?: object } } | null)?.body?.errors;
          if (fieldErrors && Object.keys(fieldErrors).length > 0 && mutationMode === 'pessimistic') return;
          const message = typeof error === 'string' ? error : (error as Error | null)?.message;
          notify(message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message } });
        },
      });
        // ra-core answers a create refused on its fields with the errors, and one that failed otherwise through onError.
        if (creating && !failed && answer === undefined) created.current = true;
        return answer;
      } finally {
        inFlight.current = false;
      }
    },
    [original, catchConflict, notify, mutationMode, creating],
  );
  const value = useMemo(() => ({ state, clear, save }), [state, clear, save]);
  const wrapped = useMemo(() => ({ ...saveContext, save }), [saveContext, save]);
  if (!original) return <>{children}</>;
  return (
    <SaveContextProvider value={wrapped}>
      <FormConflictContext.Provider value={value}>{children}</FormConflictContext.Provider>
    </SaveContextProvider>
  );
}

/** The person's own edits (values that differ from those the form opened with) outside the conflicting fields. */
export function keptEdits(values: Record<string, unknown>, opened: Record<string, unknown>, conflicts: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([field, value]) => field !== VERSION_FIELD && !conflicts.includes(field) && !sameValue(value, opened[field])),
  );
}

/** The dialog of EditConflictSave, inside the form: it reloads or resubmits the form's values. */
export function FormEditConflict() {
  const context = useContext(FormConflictContext);
  const form = useFormContext();
  const resource = useResourceContext() ?? '';
  const refresh = useRefresh();
  const state = context?.state ?? null;

  // The save did not happen: the form is still unsaved, whatever react-hook-form concluded from the answer
  // (the unsaved-changes guard reads isSubmitSuccessful).
  useEffect(() => {
    if (state) form.reset(undefined, { keepValues: true, keepDirty: true, keepDefaultValues: true, keepErrors: true, keepTouched: true, keepIsSubmitted: true });
  }, [state, form]);

  // The kept edits go back in once the record read again is in the form: react-admin resets the form to a new
  // record, in an effect that runs after this component's (hence the timeout), which would drop them.
  const [pending, setPending] = useState<{ version: unknown; kept: Record<string, unknown> }>();
  const record = useRecordContext();
  useEffect(() => {
    if (!pending || record?.[VERSION_FIELD] !== pending.version) return;
    const restore = setTimeout(() => {
      for (const [field, value] of Object.entries(pending.kept)) form.setValue(field, value, { shouldDirty: true });
      setPending(undefined);
    }, 0);
    return () => clearTimeout(restore);
  }, [pending, record, form]);

  if (!context) return null;
  const { clear, save } = context;
  const current = state?.conflict.current;

  // The saved version of the fields both changed; the person's changes to the others stay in the form, unsaved (they
  // were dropped without a word: an outside probe lost an Author changed beside a conflicting Title).
  const reload = () => {
    if (current) {
      // Against the record the form opened with, still the one shown until the refresh below.
      const kept = keptEdits(form.getValues(), record ?? {}, state?.conflict.conflicts ?? []);
      form.reset(current);
      if (Object.keys(kept).length > 0) setPending({ version: current[VERSION_FIELD], kept });
    }
    clear();
    refresh();
  };
  // Your changes written over their version: theirs stays in every field you did not change. The whole form was sent
  // again, so the stale copies of the fields they changed and you did not undid their work unseen (an outside probe
  // lost a colleague's Title and Author, which the dialog never listed).
  const overwrite = () => {
    const version = current?.[VERSION_FIELD];
    if (current) {
      const mine = keptEdits(form.getValues(), record ?? {}, []);
      for (const [field, value] of Object.entries(current)) {
        if (field !== VERSION_FIELD && !(field in mine) && !sameValue(form.getValues(field), value)) form.setValue(field, value, { shouldDirty: true });
      }
    }
    clear();
    form.setValue(VERSION_FIELD, version);
    void form.handleSubmit(async (values) => {
      const errors = await save({ ...values, [VERSION_FIELD]: version });
      if (errors) setSubmissionErrors(errors as Record<string, string>, form.setError);
    })();
  };

  return (
    <EditConflictDialog conflict={state?.conflict ?? null} mine={state?.mine ?? {}} resource={resource} onCancel={clear} onReload={reload} onOverwrite={overwrite} />
  );
}
