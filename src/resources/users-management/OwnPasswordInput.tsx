import { PasswordInput, useRecordContext } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { needsOwnPassword, normalizeEmail, ownPasswordMessages } from '../../../schema/areas/users-management';
import { useIsCurrentUser } from './currentUser';

interface OwnPasswordNeed {
  needed: boolean;
  /** Your own password change: the field is your current password. */
  own: boolean;
}

/** Whether a user form's values need the signed-in user's own password (needsOwnPassword), as the API decides. */
export function ownPasswordNeed(
  values: { password?: unknown; email?: unknown },
  record: Record<string, unknown> | undefined,
  { creating = false, unlocking = false, self = false }: { creating?: boolean; unlocking?: boolean; self?: boolean },
): OwnPasswordNeed {
  const setsPassword = typeof values.password === 'string' && values.password !== '';
  const emailChanged =
    !creating && typeof values.email === 'string' && typeof record?.email === 'string' && normalizeEmail(values.email) !== normalizeEmail(record.email);
  return { needed: needsOwnPassword({ creating, unlocking, password: setsPassword, emailChanged }), own: !creating && !unlocking && self && setsPassword };
}

/** The message when that password is missing: the API's own. */
export const ownPasswordMissing = ({ own }: OwnPasswordNeed) => ownPasswordMessages(own).missing;

/**
 * The signed-in user's own password, asked for where the API needs it: adding a user, setting a password, changing an
 * email, unlocking an account (UserLockNotice's dialog). Shown as soon as the form holds such a change, and whenever
 * the API has refused the save for it (a concurrent edit can make an email a change after all).
 */
export function OwnPasswordInput({ creating = false, unlocking = false }: { creating?: boolean; unlocking?: boolean }) {
  const record = useRecordContext();
  const isCurrentUser = useIsCurrentUser();
  const [password, email] = useWatch({ name: ['password', 'email'] }) as [unknown, unknown];
  const { formState } = useFormContext();
  const need = ownPasswordNeed({ password, email }, record, { creating, unlocking, self: isCurrentUser(record?.id) });
  if (!need.needed && formState.errors.current_password === undefined) return null;
  return (
    <PasswordInput
      source="current_password"
      label={need.own ? 'Current password' : 'Your password'}
      autoComplete="current-password"
      helperText={
        need.own
          ? 'Needed to change your own password.'
          : creating
            ? 'Adding a user needs your own password, to confirm it is you. Wrong ones count as failed sign-ins.'
            : unlocking
              ? 'Unlocking an account needs your own password, to confirm it is you. Wrong ones count as failed sign-ins.'
              : 'Setting a password or changing an email needs your own password, to confirm it is you. Wrong ones count as failed sign-ins.'
      }
      sx={{ mt: 1, display: 'block' }}
    />
  );
}
