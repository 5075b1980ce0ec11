// The sign-in rules as plain values (SPEC §5, §9), for schema/auth.ts and for the sign-in page, which checks them
// by hand: its JavaScript budget has no room for zod (src/config.ts). No imports.

export const PASSWORD_MIN_LENGTH = 8; // SPEC §9
// The longest address SMTP can carry (RFC 5321); also bounds what we hash and look up.
export const EMAIL_MAX_LENGTH = 254;
// Bounds the work scrypt is asked to do for one request.
export const PASSWORD_MAX_LENGTH = 1024;

export const authMessages = {
  emailRequired: 'Email is required', // SPEC §5
  passwordRequired: 'Password is required', // SPEC §5
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`, // SPEC §5
  emailTooLong: `Email must be at most ${EMAIL_MAX_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  emailNotText: 'Email must be a single text value',
  passwordNotText: 'Password must be a single text value',
  bodyNotObject: 'The request body must contain the fields email and password',
  emailBrokenCharacter: 'Email contains a control, invisible or text-direction character, or half of an emoji, which no address holds',
  emailNotAnAccount:
    "Email can hold only the letters a-z, digits and an address's signs: no spaces, accented letters or letters of other alphabets, which no account's email holds",
  passwordBrokenCharacter: 'Password contains half of an emoji or symbol (a broken character): type it again',
} as const;
