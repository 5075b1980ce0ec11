import { describe, expect, it } from 'vitest';
import { catalogue } from './catalogue';

describe('catalogue (SPEC §8)', () => {
  it('holds the exact type, title and message of every fixed notice', () => {
    const { loginSuccess, ...fixed } = catalogue;
    expect(typeof loginSuccess).toBe('function');
    expect(fixed).toEqual({
      loginFailed: { type: 'error', title: 'Login Failed', message: 'Invalid credentials. Please try again.' },
      authRequired: { type: 'warning', title: 'Authentication Required', message: 'Please log in to access this page' },
      alreadyAuthenticated: { type: 'info', title: 'Already Authenticated', message: 'You are already logged in' },
      success: { type: 'success', title: 'Success', message: 'Operation completed successfully' },
      error: { type: 'error', title: 'Error', message: 'Something went wrong' },
      logout: { type: 'success', title: 'Goodbye', message: 'You have been logged out successfully' },
      formValidation: { type: 'warning', title: 'Form Validation', message: 'Please check the form for errors' },
      networkError: { type: 'error', title: 'Connection Error', message: 'Please check your internet connection' },
      unauthorized: { type: 'error', title: 'Access Denied', message: 'You are not authorized to perform this action' },
      // Our choices where SPEC §8 says 'not shown'.
      loginRejected: { type: 'error', title: 'Login Failed', message: 'Incorrect email or password.' },
      loginUnavailable: {
        type: 'error',
        title: 'Login Failed',
        message: 'Sign-in is unavailable right now. Please try again later.',
      },
      // Beyond SPEC §8: a session's end with unsaved edits (src/drafts.ts).
      draftsKept: { type: 'info', title: 'Changes Kept', message: 'Your unsaved changes are kept in this tab. Sign in again to get them back.' },
      draftRestored: { type: 'info', title: 'Changes Restored', message: 'Your unsaved changes are back in the form. Check them, then save.' },
      tooManyAttempts: {
        type: 'error',
        title: 'Too Many Attempts',
        message: 'Too many sign-in attempts. Please wait a minute and try again.',
      },
    });
  });

  it('welcomes the user by name, or without one', () => {
    expect(catalogue.loginSuccess('ada@example.com')).toEqual({
      type: 'success',
      title: 'Login Successful',
      message: 'Welcome back, ada@example.com!',
    });
    expect(catalogue.loginSuccess()).toEqual({ type: 'success', title: 'Login Successful', message: 'Welcome back!' });
    expect(catalogue.loginSuccess('')).toEqual(catalogue.loginSuccess());
    expect(catalogue.loginSuccess('   ').message).toBe('Welcome back!');
  });

  it('cannot be altered by a caller', () => {
    expect(Object.isFrozen(catalogue)).toBe(true);
    expect(Object.isFrozen(catalogue.loginFailed)).toBe(true);
  });
});
