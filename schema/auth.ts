import { z } from 'zod';
import { authMessages, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-rules';
import { hasNoControlCharacters, isWellFormed } from './define';

export { authMessages, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-rules';

const text = (requiredMessage: string, notTextMessage: string) =>
  z.string({ error: (issue) => (issue.input == null ? requiredMessage : notTextMessage) });

// Invisible format characters (Unicode Cf): text-direction controls (U+202E shows '\u202Emoc.elpmaxe@nimda' as
// 'admin@example.com'), zero-width spaces and joiners, the soft hyphen. No account's email or name holds one.
const INVISIBLE = /\p{Cf}/u;
const ACCOUNT_EMAIL_CHARACTERS = /^[\x21-\x7e]+$/;

// What is typed as an email is looked up and written to the audit log: no control character (an escape sequence in
// the log's CSV export), no half of an emoji (stored as broken bytes), nothing invisible or reordering, with which
// anyone could write look-alike entries into the audit log ("Sign-in failed: admin@example.com"; an outside probe).
const email = text(authMessages.emailRequired, authMessages.emailNotText)
  .trim()
  .min(1, { error: authMessages.emailRequired })
  .max(EMAIL_MAX_LENGTH, { error: authMessages.emailTooLong })
  .refine((value) => hasNoControlCharacters(value) && isWellFormed(value) && !INVISIBLE.test(value), {
    error: authMessages.emailBrokenCharacter,
    abort: true,
  })
  // Every account's email is an address of printable ASCII (fields.email, ADMIN_EMAIL): anything else is nobody's.
  // A Cyrillic 'а' wrote 'Sign-in failed: аdmin@example.com' into the audit log, read as the administrator's; a space
  // let 'bob@example.com device x' pass for a known browser of Bob's and show his account locked (an outside probe).
  .refine((value) => ACCOUNT_EMAIL_CHARACTERS.test(value), { error: authMessages.emailNotAnAccount });

// A password is hashed as UTF-8, which turns every half of an emoji into the same replacement character: passwords
// made of different halves would all be one password. Refused, when set and when signing in.
const passwordPresent = text(authMessages.passwordRequired, authMessages.passwordNotText)
  .min(1, { error: authMessages.passwordRequired })
  .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong })
  .refine(isWellFormed, { error: authMessages.passwordBrokenCharacter });

/** A password being set (account creation, password change): SPEC §5 minimum applies. */
export const newPasswordSchema = passwordPresent.min(PASSWORD_MIN_LENGTH, { error: authMessages.passwordTooShort });

/**
 * What POST /api/login accepts. No minimum length here: a short password is simply
 * wrong and answers 401 like any other wrong password.
 */
export const loginSchema = z.object({ email, password: passwordPresent }, { error: authMessages.bodyNotObject });

/** The sign-in form in the console: SPEC §5 rules, including the 8-character minimum. */
export const loginFormSchema = z.object({ email, password: newPasswordSchema });

export type LoginInput = z.infer<typeof loginSchema>;

export const authUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});

export type AuthUser = z.infer<typeof authUserSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: z.string(),
  user: authUserSchema,
});

export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** '12 seconds', '2 minutes', '15 minutes': a wait as the sign-in throttle words it (whole seconds, rounded up). */
export function formatWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 90) return `${whole} ${whole === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(whole / 60);
  return `${minutes} minutes`;
}

/**
 * The 429 of a throttled sign-in (issue #9), with Retry-After: the console shows it as the notice's message. The same
 * words for a known and an unknown account, and for an account's and an address's limit: they reveal nothing.
 */
export const signInThrottledMessage = (retryAfterSeconds: number): string =>
  `Too many failed sign-in attempts. Please try again in ${formatWait(retryAfterSeconds)}.`;
