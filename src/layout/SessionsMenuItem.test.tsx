import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MenuItem } from '@mui/material';
import { AdminContext, memoryStore, TestMemoryRouter, type AuthProvider } from 'react-admin';
import { expect, it } from 'vitest';
import { i18nProvider } from '../i18nProvider';
import { ProfileMenu } from './ProfileMenu';
import { SessionsMenuItem } from './SessionsMenuItem';

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getIdentity: async () => ({ id: 1, fullName: 'Ada Admin' }),
};

it("opens the user's sessions from the header's user menu, and closes the menu", async () => {
  let location = '';
  const user = userEvent.setup();
  render(
    <TestMemoryRouter initialEntries={['/dashboard/blogs']} locationCallback={(l) => (location = l.pathname)}>
      <AdminContext basename="/dashboard" store={memoryStore()} authProvider={authProvider} i18nProvider={i18nProvider}>
        <ProfileMenu>
          <SessionsMenuItem />
        </ProfileMenu>
      </AdminContext>
    </TestMemoryRouter>,
  );
  await user.click(await screen.findByRole('button', { name: 'Profile' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Sessions' }));
  // Under the console's basename, where its custom route is (it led to /sessions, outside the console).
  expect(location).toBe('/dashboard/sessions');
  await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Sessions' })).not.toBeInTheDocument());
});

it('is reached by keyboard: the menu opens on it, and the arrows move on', async () => {
  const user = userEvent.setup();
  render(
    <TestMemoryRouter initialEntries={['/dashboard/blogs']}>
      <AdminContext basename="/dashboard" store={memoryStore()} authProvider={authProvider} i18nProvider={i18nProvider}>
        <ProfileMenu>
          <SessionsMenuItem />
          <MenuItem>Logout</MenuItem>
        </ProfileMenu>
      </AdminContext>
    </TestMemoryRouter>,
  );
  const profile = await screen.findByRole('button', { name: 'Profile' });
  // It says that it opens a menu, and whether the menu is open (react-admin's said neither on a wide screen).
  expect(profile).toHaveAttribute('aria-haspopup', 'menu');
  expect(profile).toHaveAttribute('aria-expanded', 'false');
  profile.focus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sessions' })).toHaveFocus());
  expect(profile).toHaveAttribute('aria-expanded', 'true');
  expect(profile).toHaveAttribute('aria-controls', screen.getByRole('menu').id);
  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
  await user.keyboard('{ArrowUp}');
  expect(screen.getByRole('menuitem', { name: 'Sessions' })).toHaveFocus();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(profile).toHaveFocus());
  expect(profile).toHaveAttribute('aria-expanded', 'false');
});
