// What the users' create and edit forms send, and the API checks: the declaration's fields and a password. A module of
// its own, read by those screens and the API only: building these builds the users' schema (schema/define.ts
// defineArea), which a console start that does not show them leaves unbuilt (issue #10).
import { z } from 'zod';
import { newPasswordSchema } from './auth';
import { PASSWORD_MAX_LENGTH } from './auth-rules';
import { CONFIRM_PASSWORD_REQUIRED, usersManagement } from './areas/users-management';

// The signed-in user's own password, which some changes need (schema/areas/users-management.ts needsOwnPassword).
const ownPassword = (required: boolean) => {
  const text = z.string({ error: required ? CONFIRM_PASSWORD_REQUIRED : 'Must be text' }).max(PASSWORD_MAX_LENGTH, { error: `Must be at most ${PASSWORD_MAX_LENGTH} characters long` });
  return z.preprocess((value) => (value === '' || value === null ? undefined : value), required ? text : text.optional());
};

// Creating an administrator sets the password (SPEC §5: at least 8 characters), and needs your own.
export const userCreateSchema = usersManagement.schema.extend({ password: newPasswordSchema, current_password: ownPassword(true) });
export type UserCreate = z.infer<typeof userCreateSchema>;

// Editing: every field may be left out (written as optional, not `.partial()`, which would apply `active`'s
// default and re-activate a user), and a password resets it; '' or null means "keep the current one".
export const userUpdateSchema = z.object({
  name: usersManagement.schema.shape.name.optional(),
  email: usersManagement.schema.shape.email.optional(),
  active: z.boolean({ error: 'Must be yes or no' }).optional(),
  password: z.preprocess((value) => (value === '' || value === null ? undefined : value), newPasswordSchema.optional()),
  // Your own password: setting a password (yours or anyone's) or changing an email needs it (needsOwnPassword).
  current_password: ownPassword(false),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/**
 * The edit as the OpenAPI document describes it: what the preprocessing above takes, '' and null included, which the
 * document read as a password of at least 8 characters, so a client built from it could not say "keep the current
 * one" (an outside probe).
 */
export const userUpdateDocumented = userUpdateSchema.extend({
  password: z
    .union([newPasswordSchema, z.literal(''), z.null()])
    .optional()
    .describe('A new password (at least 8 characters): the user is signed out elsewhere. Left out, "" or null: the current one is kept.'),
  current_password: z
    .string()
    .max(PASSWORD_MAX_LENGTH)
    .nullable()
    .optional()
    .describe('Your own password: needed to set a password or change an email. Left out, "" or null when not needed.'),
});

// Unlocking an account locked by failed sign-ins: your own password, and nothing else (needsOwnPassword).
export const userUnlockSchema = z.object({ current_password: ownPassword(true) });
