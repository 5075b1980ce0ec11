import { describe, expect, it } from 'vitest';
import { loginFormSchema, loginSchema, newPasswordSchema } from './auth';

const firstMessages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).reverse().map((issue) => [String(issue.path[0]), issue.message]));

describe('auth schemas (SPEC §5)', () => {
  it('requires email and password with the spec messages', () => {
    expect(firstMessages(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(firstMessages(loginSchema.safeParse({}))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('lets the sign-in call through with a short password but not the form', () => {
    expect(loginSchema.safeParse({ email: 'a@b.test', password: 'short' }).success).toBe(true);
    expect(firstMessages(loginFormSchema.safeParse({ email: 'a@b.test', password: 'short' }))).toEqual({
      password: 'Password must be at least 8 characters long',
    });
  });

  it('requires 8 characters for a new password', () => {
    expect(newPasswordSchema.safeParse('1234567').success).toBe(false);
    expect(newPasswordSchema.safeParse('12345678').success).toBe(true);
  });

  it('trims the email', () => {
    expect(loginSchema.parse({ email: '  a@b.test ', password: 'x' }).email).toBe('a@b.test');
  });
});
