import { z } from 'zod';
import { newPasswordSchema } from '../auth';
import { PASSWORD_MAX_LENGTH } from '../auth-rules';
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
  schema: z.object({
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

// Creating an administrator sets the password (SPEC §5: at least 8 characters).
export const userCreateSchema = usersManagement.schema.extend({ password: newPasswordSchema });
export type UserCreate = z.infer<typeof userCreateSchema>;

// Editing: every field may be left out (written as optional, not `.partial()`, which would apply `active`'s
// default and re-activate a user), and a password resets it; '' or null means "keep the current one".
export const userUpdateSchema = z.object({
  name: usersManagement.schema.shape.name.optional(),
  email: usersManagement.schema.shape.email.optional(),
  active: z.boolean({ error: 'Must be yes or no' }).optional(),
  password: z.preprocess((value) => (value === '' || value === null ? undefined : value), newPasswordSchema.optional()),
  // Issue #9: changing your OWN password needs the current one, so that a token read from a browser's storage cannot
  // take the account. Not needed to reset someone else's (that is recorded in the audit log instead).
  current_password: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.string({ error: 'Must be text' }).max(PASSWORD_MAX_LENGTH, { error: `Must be at most ${PASSWORD_MAX_LENGTH} characters long` }).optional(),
  ),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

// What the console and the API say about your own account (the API refuses, the console says so first).
export const CANNOT_DELETE_SELF = 'You cannot delete your own account';
export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account';
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to choose a new one';
export const CURRENT_PASSWORD_WRONG = 'This is not your current password';
