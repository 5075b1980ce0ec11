import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RoutedLoginPage } from '../ConsoleRouter';
import { notifications } from '../notifications/store';
import { renderSignInPage } from './prerender';

function renderLogin(container?: HTMLElement) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <RoutedLoginPage /> },
      { path: '/dashboard', element: <p>dashboard page</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(<RouterProvider router={router} />, container && { container });
  return router;
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  notifications.clear();
  vi.unstubAllGlobals();
});

describe('LoginPage (SPEC §2, §5)', () => {
  it('shows the fields, a checked Remember me and a disabled Sign In', () => {
    renderLogin();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    // Both required (SPEC §5), as a screen reader says it.
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    expect(screen.getByRole('img', { name: 'Cornerstone' })).toHaveAttribute('width', '300');
  });

  it('shows no message before a field is touched', () => {
    renderLogin();
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it('shows the required messages once the fields are touched', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByLabelText('Email'));
    await user.click(screen.getByLabelText('Password'));
    await user.tab();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for 8 characters and keeps Sign In disabled until then', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.tab();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'er!');
    expect(screen.queryByText('Password must be at least 8 characters long')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('signs in and goes to /dashboard with the welcome notice', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ access_token: 'tok', user: { id: 1, name: 'Ada', email: 'a@x.io' } })),
    );
    const user = userEvent.setup();
    const router = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'a@x.io');
    await user.type(screen.getByLabelText('Password'), 'secret123{Enter}');
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('access_token')).toBe('tok');
    expect(notifications.getSnapshot()[0]).toMatchObject({ title: 'Login Successful', message: 'Welcome back, Ada!' });
  });

  it('stays on the page and can retry after a refusal', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Invalid email or password.' }), { status: 401 }));
    const user = userEvent.setup();
    const router = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'a@x.io');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/login');
    expect(notifications.getSnapshot()[0]).toMatchObject({ type: 'error', title: 'Login Failed' });
  });

  it("keeps SPEC's words for a refused password (401)", async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Invalid email or password.' }), { status: 401 }));
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'a@x.io');
    await user.type(screen.getByLabelText('Password'), 'wrong-password{Enter}');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(notifications.getSnapshot()).toEqual([
      expect.objectContaining({ type: 'error', title: 'Login Failed', message: 'Incorrect email or password.' }),
    ]);
  });

  it('says when to try again after a throttled sign-in (429), one notice with the latest wait (issue #9)', async () => {
    const throttled = (wait: string) =>
      new Response(JSON.stringify({ message: `Too many failed sign-in attempts. Please try again in ${wait}.` }), {
        status: 429,
        headers: { 'retry-after': '900' },
      });
    fetchMock.mockResolvedValueOnce(throttled('4 seconds')).mockResolvedValueOnce(throttled('15 minutes'));
    const user = userEvent.setup();
    const router = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'a@x.io');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(notifications.getSnapshot()).toEqual([
      expect.objectContaining({
        type: 'error',
        title: 'Too Many Attempts',
        message: 'Too many failed sign-in attempts. Please try again in 4 seconds.',
      }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() =>
      expect(notifications.getSnapshot()).toEqual([
        expect.objectContaining({ title: 'Too Many Attempts', message: 'Too many failed sign-in attempts. Please try again in 15 minutes.' }),
      ]),
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('reveals the password on demand', async () => {
    const user = userEvent.setup();
    renderLogin();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });
});

describe('the sign-in page drawn at build time (issue #10, vite.config.ts)', () => {
  // index.html's #root, as the build writes it: the page a visitor may type into before the script has come.
  function drawnAtBuildTime() {
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = renderSignInPage();
    document.body.append(root);
    return root;
  }

  it('is the page React draws, with nothing typed, Remember me checked and Sign In disabled', () => {
    const root = drawnAtBuildTime();
    expect(root.querySelector('main')).toHaveAttribute('data-prerendered', '');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in to your dashboard');
    root.remove();
  });

  it('hands what was typed into it, and the focus, to the page React draws over it', async () => {
    const root = drawnAtBuildTime();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.type(screen.getByLabelText('Password'), 'secret12');
    renderLogin(root);
    // One page: React's has replaced the build's (a second Email field would make these queries throw).
    expect(root.querySelector('[data-prerendered]')).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('secret12');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    // Typing goes on where it stopped.
    await user.keyboard('3');
    expect(screen.getByLabelText('Password')).toHaveValue('secret123');
  });

  it('keeps the focus in the email field when the visitor was there', async () => {
    const root = drawnAtBuildTime();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@');
    renderLogin(root);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  });
});
