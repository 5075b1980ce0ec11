import { z } from 'zod';
import { defineArea, fields } from '../define';

// Administrators of the console. The API keeps them in their own `users` table (password hashes, sign-in tokens),
// not in the generic store of the other areas; the password is never part of a record it returns.
export const usersManagement = defineArea({
  name: 'users-management',
  label: 'Users Management',
  itemLabel: 'user',
  recordLabel: 'name',
  icon: 'users',
  group: 'website-management',
  kind: 'collection',
  schema: () =>
    z.object({
      name: fields.text('Name', 120),
      // Lower-cased like the sign-in lookup (server/repositories/users.ts normalizeEmail), so uniqueness holds.
      email: fields.email('Email').toLowerCase(),
      active: fields.active(),
    }),
  search: ['name', 'email'],
  sort: ['name', 'email'],
  filters: ['active'],
  unique: ['email'],
  defaultSort: ['name', 'ASC'],
});

export type AdminUser = z.infer<typeof usersManagement.schema>;

// What the console and the API say about your own account (the API refuses, the console says so first).
export const CANNOT_DELETE_SELF = 'You cannot delete your own account';
export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account';
/** An email as stored and compared: two that differ only by case or surrounding spaces are the same. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

// Your own password (`current_password`), in the words of the field that asks for it: 'Current password' when you
// change your own password, 'Your password' when it confirms another change (adding a user, a reset, an email).
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to choose a new one';
export const CURRENT_PASSWORD_WRONG = 'This is not your current password';
export const CONFIRM_PASSWORD_REQUIRED = 'Enter your own password to confirm this change';
export const CONFIRM_PASSWORD_WRONG = 'This is not your password';

/** What the API answers, and the console says first, of a missing or wrong own password; `ownChange`: your own password change. */
export const ownPasswordMessages = (ownChange: boolean): { missing: string; wrong: string } =>
  ownChange ? { missing: CURRENT_PASSWORD_REQUIRED, wrong: CURRENT_PASSWORD_WRONG } : { missing: CONFIRM_PASSWORD_REQUIRED, wrong: CONFIRM_PASSWORD_WRONG };

/** Your own lock holds even your right password back (docs/security.md): another administrator lifts it. */
export const CANNOT_UNLOCK_SELF = 'You cannot unlock your own account: another administrator can';

/**
 * Whether a change to the users needs the signed-in user's own password (`current_password`): adding a user, setting
 * anyone's password, changing anyone's email, unlocking an account. A token alone, read from a browser's storage,
 * could otherwise add an administrator of its own, give an account a password or an email its owner does not know
 * (an attacker's probe), or lift the lock that stops it guessing an account's password at sign-in, again and again.
 */
export const needsOwnPassword = (change: { creating?: boolean; password?: boolean; emailChanged?: boolean; unlocking?: boolean }): boolean =>
  Boolean(change.creating || change.password || change.emailChanged || change.unlocking);
