// The notices of SPEC §8 as data, so every caller shows the same words and a test can check them all.
// Plain TypeScript on purpose: this module ships with the sign-in page, whose JavaScript budget is tiny.

export type NotificationType = 'success' | 'error' | 'warning' | 'info'; // SPEC §3

export interface NotificationTemplate {
  readonly type: NotificationType;
  readonly title: string;
  readonly message: string;
}

const template = (type: NotificationType, title: string, message: string): NotificationTemplate =>
  Object.freeze({ type, title, message });

export const catalogue = Object.freeze({
  loginFailed: template('error', 'Login Failed', 'Invalid credentials. Please try again.'), // SPEC §8
  authRequired: template('warning', 'Authentication Required', 'Please log in to access this page'), // SPEC §8
  alreadyAuthenticated: template('info', 'Already Authenticated', 'You are already logged in'), // SPEC §8
  success: template('success', 'Success', 'Operation completed successfully'), // SPEC §8
  error: template('error', 'Error', 'Something went wrong'), // SPEC §8
  // SPEC §8: 'Welcome back, {name}!' or 'Welcome back!'; a blank name counts as none.
  loginSuccess: (name?: string): NotificationTemplate => {
    const trimmed = name?.trim();
    return template('success', 'Login Successful', trimmed ? `Welcome back, ${trimmed}!` : 'Welcome back!');
  },
  logout: template('success', 'Goodbye', 'You have been logged out successfully'), // SPEC §8
  formValidation: template('warning', 'Form Validation', 'Please check the form for errors'), // SPEC §8
  networkError: template('error', 'Connection Error', 'Please check your internet connection'), // SPEC §8
  unauthorized: template('error', 'Access Denied', 'You are not authorized to perform this action'), // SPEC §8

  // SPEC §8 leaves 'Failed login HTTP error' as 'not shown'; the three entries below are our choice.
  // A 401 at sign-in: wrong email or password.
  loginRejected: template('error', 'Login Failed', 'Incorrect email or password.'),
  // Any other HTTP error at sign-in: the fault is ours, not the user's, so do not blame the credentials.
  loginUnavailable: template('error', 'Login Failed', 'Sign-in is unavailable right now. Please try again later.'),
  // A session that ended with edits nobody had saved (src/drafts.ts): they are kept, and come back after signing in.
  draftsKept: template('info', 'Changes Kept', 'Your unsaved changes are kept in this tab. Sign in again to get them back.'),
  draftRestored: template('info', 'Changes Restored', 'Your unsaved changes are back in the form. Check them, then save.'),
  // A 429 from the sign-in rate limit.
  tooManyAttempts: template(
    'error',
    'Too Many Attempts',
    'Too many sign-in attempts. Please wait a minute and try again.',
  ),
});

export type CatalogueKey = keyof typeof catalogue;
