import { authMessages, PASSWORD_MIN_LENGTH } from '../../schema/auth-rules';

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

// SPEC §5, by hand (no zod on the sign-in page), with schema/auth.ts's words.
export function validateLogin({ email, password }: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (email.trim() === '') errors.email = authMessages.emailRequired;
  if (password === '') errors.password = authMessages.passwordRequired;
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = authMessages.passwordTooShort;
  return errors;
}
