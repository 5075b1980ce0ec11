import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, TestMemoryRouter, UserMenu, type AuthProvider } from 'react-admin';
import { expect, it } from 'vitest';
import { i18nProvider } from '../i18nProvider';
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
    <TestMemoryRouter initialEntries={['/blogs']} locationCallback={(l) => (location = l.pathname)}>
      <AdminContext store={memoryStore()} authProvider={authProvider} i18nProvider={i18nProvider}>
        <UserMenu>
          <SessionsMenuItem />
        </UserMenu>
      </AdminContext>
    </TestMemoryRouter>,
  );
  await user.click(await screen.findByRole('button', { name: 'Profile' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Sessions' }));
  expect(location).toBe('/sessions');
  await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Sessions' })).not.toBeInTheDocument());
});
