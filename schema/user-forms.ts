// What the users' create and edit forms send, and the API checks: the declaration's fields and a password. A module of
// its own, read by those screens and the API only: building these builds the users' schema (schema/define.ts
// defineArea), which a console start that does not show them leaves unbuilt (issue #10).
import { z } from 'zod';
import { newPasswordSchema } from './auth';
import { PASSWORD_MAX_LENGTH } from './auth-rules';
import { usersManagement } from './areas/users-management';

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
