import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { authProvider } from '../authProvider';
import { Logo } from '../components/Logo';
import { config, LOGIN_LOGO_WIDTH_PX, pageTitle } from '../config';
import { HttpError } from '../httpClient';
import { catalogue } from '../notifications/catalogue';
import { notifications, notify } from '../notifications/store';
import './LoginPage.css';
import { takeReturnPath } from './returnPath';
import { takeOverPrerenderedForm } from './prerenderedForm';
import { validateLogin, type LoginValues } from './validateLogin';

type Touched = Partial<Record<keyof LoginValues, boolean>>;

/**
 * A throttled sign-in (429, issue #9): the server's message says when to try again ('… in 15 minutes.'), which the
 * catalogue's fixed 'wait a minute' cannot. It replaces that notice and any earlier wait, so the user reads one notice,
 * with the wait that holds now.
 */
function showWhenToRetry(message: string): void {
  const { type, title } = catalogue.tooManyAttempts;
  for (const shown of notifications.getSnapshot()) {
    if (shown.type === type && shown.title === title) notifications.remove(shown.id);
  }
  notify(catalogue.tooManyAttempts, { message });
}

interface LoginPageProps {
  // Where to go once signed in (replacing /login in the history): the router's navigation, or the hand-over from the
  // sign-in page shown alone to the console (src/App.tsx).
  onSignedIn: (to: string) => void;
  // The form is sent: a chance to start loading what comes after it.
  onSigningIn?: () => void;
}

// Plain React and CSS on purpose: this page is the first thing every visit loads, without the router (src/App.tsx).
export function LoginPage({ onSignedIn, onSigningIn }: LoginPageProps) {
  const id = useId();
  // Issue #10: what was typed into the page drawn before the script came (index.html) is kept. It is read in this
  // render, which is committed in the same task: no keystroke falls between the reading and the new form.
  const [typed] = useState(takeOverPrerenderedForm);
  const [values, setValues] = useState<LoginValues>({ email: typed.email, password: typed.password });
  const [touched, setTouched] = useState<Touched>({});
  // SPEC §2: 'Remember me' is checked by default; the spec gives it no effect.
  const [remember, setRemember] = useState(typed.remember);
  const passwordInput = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    // The email field takes the focus (autoFocus) unless the visitor was already in the password one.
    if (typed.focus === 'password') passwordInput.current?.focus();
  }, [typed]);
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    document.title = pageTitle('Sign In');
  }, []);

  const errors = validateLogin(values);
  const invalid = Object.keys(errors).length > 0;

  const change = (field: keyof LoginValues) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const touch = (field: keyof LoginValues) => () => setTouched((current) => ({ ...current, [field]: true }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (invalid || submitting) return;
    setSubmitting(true);
    onSigningIn?.();
    try {
      await authProvider.login({ email: values.email.trim(), password: values.password });
      // SPEC §4: /dashboard; after a session that ended mid-work, the page that was open (issue #8).
      onSignedIn(takeReturnPath());
    } catch (error) {
      // authProvider.login has already shown the notice of the catalogue.
      if (error instanceof HttpError && error.status === 429) showWhenToRetry(error.message);
      setSubmitting(false);
    }
  }

  const emailError = touched.email ? errors.email : undefined;
  const passwordError = touched.password ? errors.password : undefined;

  return (
    <main className="login">
      <div className="login__card">
        <div className="login__logo">
          {/* SPEC §2/§9: the logo is 300px wide on the sign-in page. */}
          {/* Its ink follows the scheme in LoginPage.css: the page is also drawn at build time, where no scheme is known. */}
          <Logo width={LOGIN_LOGO_WIDTH_PX} alt={config.productName} dark={false} />
        </div>
        <h1 className="login__title">Sign in to your dashboard</h1>
        <p className="login__subtitle">Manage the content of your company website.</p>
        <form className="login__form" onSubmit={submit} noValidate>
          <div className="login__field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="username"
              // The page has one job; starting in the first field saves every visitor a Tab or a click.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              value={values.email}
              onChange={change('email')}
              onBlur={touch('email')}
              // SPEC §5 requires both fields: said to screen readers (an outside audit), with no mark on the page SPEC draws.
              aria-required
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
            />
            {emailError && (
              <p className="login__error" id={`${id}-email-error`}>
                {emailError}
              </p>
            )}
          </div>
          <div className="login__field">
            <label htmlFor={`${id}-password`}>Password</label>
            <div className="login__password">
              <input
                ref={passwordInput}
                id={`${id}-password`}
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                value={values.password}
                onChange={change('password')}
                onBlur={touch('password')}
                aria-required
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={passwordError ? `${id}-password-error` : undefined}
              />
              <button
                type="button"
                className="login__reveal"
                onClick={() => setShowPassword((shown) => !shown)}
                aria-pressed={showPassword}
                aria-label={showPassword ? 'Hide password' : 'Show password'}
              >
                {showPassword ? 'Hide' : 'Show'}
              </button>
            </div>
            {passwordError && (
              <p className="login__error" id={`${id}-password-error`}>
                {passwordError}
              </p>
            )}
          </div>
          <label className="login__remember">
            <input
              type="checkbox"
              name="remember"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
            Remember me
          </label>
          {/* SPEC §2/§5: disabled while the form is invalid. */}
          {/* While the request runs it only says so (aria-disabled; a second press is ignored in submit): a button that */}
          {/* becomes disabled loses the keyboard's focus, and a failed sign-in left it on the page's body (an outside probe). */}
          <button className="login__submit" type="submit" disabled={invalid} aria-disabled={submitting || undefined}>
            {submitting ? 'Signing in…' : 'Sign In'}
          </button>
        </form>
      </div>
    </main>
  );
}
