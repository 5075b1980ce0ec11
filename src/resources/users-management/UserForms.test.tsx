import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIRM_PASSWORD_WRONG } from '../../../schema/areas/users-management';
import { signInThrottledMessage } from '../../../schema/auth';
import { authProvider } from '../../authProvider';
import { fakeApi, type ApiCall } from '../../components/sortableListTesting';
import { dataProvider } from '../../dataProvider';
import { i18nProvider } from '../../i18nProvider';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';

// A required field's label as read: react-admin's asterisk after a thin space, which the queries read as a space.
const PASSWORD_REQUIRED = 'Password *';

const me = { id: 1, name: 'Ada Admin', email: 'ada@example.com', active: true, created_at: '2025-01-01T00:00:00.000Z' };
const other = { id: 2, name: 'Ben Builder', email: 'ben@example.com', active: false, created_at: '2025-02-01T00:00:00.000Z' };

type FakeApiOptions = NonNullable<Parameters<typeof fakeApi>[1]>;
let calls: ApiCall[] = [];
// What the console sent to change something (GETs left out).
const writes = () => calls.filter((call) => call.method !== 'GET') as { method: string; path: string; body: Record<string, unknown> }[];
afterEach(() => vi.unstubAllGlobals());

// Signed in as `me` (src/resources/users-management/currentUser.ts reads /api/me), over the shared fake API.
function renderAt(path: string, options: Omit<FakeApiOptions, 'session'> = {}) {
  localStorage.setItem('access_token', 'tok');
  ({ calls } = fakeApi(
    { 'users-management': [{ ...me }, { ...other }] },
    { ...options, session: { token: 'tok', user: { id: me.id, name: me.name, email: me.email } } },
  ));
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext store={memoryStore()} dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="users-management">
          <Routes>
            <Route path="/users-management" element={<UserList />} />
            <Route path="/users-management/create" element={<UserCreate />} />
            <Route path="/users-management/:id" element={<UserEdit />} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

async function fillNewUser(user: ReturnType<typeof userEvent.setup>, password?: string, own = 'my own secret') {
  await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Cleo Crane');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'cleo@example.com');
  if (password !== undefined) await user.type(screen.getByLabelText(PASSWORD_REQUIRED), password);
  if (own) await user.type(screen.getByLabelText('Your password'), own);
  await user.click(screen.getByRole('button', { name: 'Create user' }));
}

describe('create a user', () => {
  it('requires a password', async () => {
    const user = userEvent.setup();
    renderAt('/users-management/create');
    await fillNewUser(user);
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('refuses a password under 8 characters (SPEC §5), as its helper text says', async () => {
    const user = userEvent.setup();
    renderAt('/users-management/create');
    expect(await screen.findByLabelText(PASSWORD_REQUIRED)).toHaveAccessibleDescription('At least 8 characters.');
    await fillNewUser(user, 'short');
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderAt('/users-management/create');
    const password = await screen.findByLabelText(PASSWORD_REQUIRED);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getAllByRole('button', { name: 'Show password' })[0]!);
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Your password')).toHaveAttribute('type', 'password');
  });

  it('shows the server’s field errors on their fields', async () => {
    const user = userEvent.setup();
    renderAt('/users-management/create', { rejectWrites: { email: 'This email is already used' } });
    await fillNewUser(user, 'longenough');
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toMatchObject({ name: 'Cleo Crane', email: 'cleo@example.com', password: 'longenough', active: true, current_password: 'my own secret' });
    expect(await screen.findByText('This email is already used')).toBeInTheDocument();
  });
  it('says a wrong own password in the words of its field, Your password (as the API does)', async () => {
    const user = userEvent.setup();
    renderAt('/users-management/create', { rejectWrites: { current_password: CONFIRM_PASSWORD_WRONG } });
    await fillNewUser(user, 'longenough', 'a wrong guess');
    const own = screen.getByLabelText('Your password');
    await waitFor(() => expect(own).toHaveAccessibleDescription(expect.stringContaining('This is not your password')));
    expect(own).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a locked account (429) on the Your password field, not only in a notice', async () => {
    const user = userEvent.setup();
    // As server/routes/users.ts answers once wrong own passwords locked the account.
    const wait = signInThrottledMessage(900);
    renderAt('/users-management/create', { refuseWrites: { status: 429, message: wait, errors: { current_password: wait }, headers: { 'Retry-After': '900' } } });
    await fillNewUser(user, 'longenough', 'an eleventh guess');
    const own = screen.getByLabelText('Your password');
    await waitFor(() => expect(own).toHaveAccessibleDescription(expect.stringContaining('Too many failed sign-in attempts. Please try again in 15 minutes.')));
    expect(own).toHaveAttribute('aria-invalid', 'true');
    expect(writes()).toHaveLength(1);
  });
});

describe('users list and edit', () => {
  it('does not let you delete your own account, and says why', async () => {
    renderAt('/users-management');
    const myRow = (await screen.findByText('Ada Admin')).closest('tr') as HTMLElement;
    const otherRow = screen.getByText('Ben Builder').closest('tr') as HTMLElement;
    await waitFor(() => expect(within(myRow).getByText('You')).toBeInTheDocument());
    const myDelete = within(myRow).getByRole('button', { name: 'Delete' });
    expect(myDelete).toHaveAttribute('aria-disabled', 'true');
    expect(myDelete).toHaveAccessibleDescription('You cannot delete your own account');
    expect(within(otherRow).getByRole('button', { name: 'Delete' })).not.toHaveAttribute('aria-disabled');
    expect(within(otherRow).getByText('Inactive')).toBeInTheDocument();
  });

  it('locks the Active switch on your own account', async () => {
    renderAt('/users-management/1');
    await screen.findByDisplayValue('Ada Admin');
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Active' })).toBeDisabled());
    expect(screen.getByText('You cannot deactivate your own account')).toBeInTheDocument();
  });

  it('resets a password only when asked, with the same rules', async () => {
    const user = userEvent.setup();
    renderAt('/users-management/2');
    expect(await screen.findByDisplayValue('Ben Builder')).toHaveAccessibleName('Name');
    expect(screen.getByRole('switch', { name: 'Active' })).toBeEnabled();
    expect(screen.queryByLabelText('New password', { selector: 'input' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.queryByLabelText('Your password', { selector: 'input' })).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText('New password', { selector: 'input' }), 'abc');
    // Someone else's password is reset with your own password, not theirs.
    expect(screen.queryByLabelText('Current password', { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your password', { selector: 'input' })).toHaveAccessibleDescription(
      'Setting a password or changing an email needs your own password, to confirm it is you. Wrong ones count as failed sign-ins.',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('Enter your own password to confirm this change')).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await user.type(screen.getByLabelText('New password', { selector: 'input' }), 'defghijk');
    await user.type(screen.getByLabelText('Your password', { selector: 'input' }), 'my own secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'PUT', path: '/api/users-management/2', body: { password: 'abcdefghijk', current_password: 'my own secret' } });
  });

  it('changes your own password with your current one (issue #9)', async () => {
    const user = userEvent.setup();
    renderAt('/users-management/1');
    await screen.findByDisplayValue('Ada Admin');
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Changing it signs you out of your other sessions.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password', { selector: 'input' }), 'a new secret');
    await user.type(await screen.findByLabelText('Current password', { selector: 'input' }), 'old secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'PUT',
      path: '/api/users-management/1',
      body: { password: 'a new secret', current_password: 'old secret' },
    });
  });

  it('asks for your own password when an email changes, not for a name', async () => {
    const user = userEvent.setup();
    renderAt('/users-management/2');
    const name = await screen.findByDisplayValue('Ben Builder');
    await user.type(name, ' Jr');
    expect(screen.queryByLabelText('Your password', { selector: 'input' })).not.toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'Email' });
    // The same address in capitals is no change.
    await user.clear(email);
    await user.type(email, 'BEN@example.com');
    expect(screen.queryByLabelText('Your password', { selector: 'input' })).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'benjamin@example.com');
    await user.type(await screen.findByLabelText('Your password', { selector: 'input' }), 'my own secret');
    // Opening and closing the password section keeps your own password: the email still needs it.
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await user.click(screen.getByRole('button', { name: 'Keep current password' }));
    expect(screen.getByLabelText('Your password', { selector: 'input' })).toHaveValue('my own secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ body: { name: 'Ben Builder Jr', email: 'benjamin@example.com', current_password: 'my own secret' } });
  });

  it('Keep current password takes back the refused reset: no error, no own password asked, nothing to save', async () => {
    const user = userEvent.setup();
    renderAt('/users-management/2');
    await screen.findByDisplayValue('Ben Builder');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await user.type(await screen.findByLabelText('New password', { selector: 'input' }), 'abcdefghijk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter your own password to confirm this change')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep current password' }));
    await waitFor(() => expect(screen.queryByLabelText('Your password', { selector: 'input' })).not.toBeInTheDocument());
    expect(screen.queryByText('Enter your own password to confirm this change')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(writes()).toEqual([]);
  });
});
