import { MIN_PASSWORD_LENGTH } from '../config';

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

// SPEC §5, messages verbatim.
export function validateLogin({ email, password }: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (email.trim() === '') errors.email = 'Email is required';
  if (password === '') errors.password = 'Password is required';
  else if (password.length < MIN_PASSWORD_LENGTH) {
    errors.password = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  }
  return errors;
}
