import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RaRecord } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRM_PASSWORD_WRONG } from '../../../schema/areas/users-management';
import { signInThrottledMessage } from '../../../schema/auth';
import { authProvider } from '../../authProvider';
import { AreaWrapper, fakeApi, type ApiCall } from '../../components/sortableListTesting';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';
import { views } from '.';

const OWN_PASSWORD = 'my own secret';
const SESSION = { token: 'tok', user: { id: 1, name: 'Ada Admin', email: 'ada@example.com' } };
const TOO_MANY = 'one guess too many';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A lock ending `ms` from now, as server/routes/users.ts answers `locked_until`. */
const lockEndingIn = (ms: number) => new Date(Date.now() + ms).toISOString();

/** The browser's local time of `iso`, written out by hand: 'Dec 2, 2026, 10:25 AM'. */
function localTime(iso: string): string {
  const at = new Date(iso);
  const hour = at.getHours() % 12 || 12;
  return `${MONTHS[at.getMonth()]} ${at.getDate()}, ${at.getFullYear()}, ${hour}:${String(at.getMinutes()).padStart(2, '0')} ${at.getHours() < 12 ? 'AM' : 'PM'}`;
}

const user = (id: number, name: string, lockedUntil: string | null): RaRecord => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  active: true,
  version: 1,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  locked_until: lockedUntil,
});

/** fakeApi over these users, with POST /api/users-management/:id/unlock as server/routes/users.ts answers it. */
function usersApi(rows: RaRecord[]): { calls: ApiCall[] } {
  return fakeApi(
    { 'users-management': rows },
    {
      session: SESSION,
      actions: {
        unlock: (row, body) => {
          // Your own account has failed too often (server/routes/users.ts confirmOwnPassword): it must wait.
          if ((body as { current_password?: unknown }).current_password === TOO_MANY) return { status: 429, body: { message: signInThrottledMessage(900) } };
          if ((body as { current_password?: unknown }).current_password !== OWN_PASSWORD) {
            return { status: 400, body: { message: 'Please check the form for errors', errors: { current_password: CONFIRM_PASSWORD_WRONG } } };
          }
          row.locked_until = null;
          return { status: 200, body: row };
        },
      },
    },
  );
}

function renderAt(path: string, view = <UserEdit />) {
  render(
    <AreaWrapper resource="users-management" labels={views.labels} path={path} route={path === '/users-management' ? path : '/users-management/:id'} authProvider={authProvider}>
      {view}
    </AreaWrapper>,
  );
}

const notice = async () => (await screen.findByText('Locked by failed sign-ins')).closest('[role="alert"]') as HTMLElement;
const unlocks = (calls: ApiCall[]) => calls.filter((call) => call.path.endsWith('/unlock'));

beforeEach(() => localStorage.setItem('access_token', SESSION.token));
afterEach(() => vi.unstubAllGlobals());

describe('a user locked by failed sign-ins', () => {
  it('says until when, in local time, and Unlock account lifts it with your own password', async () => {
    const lockedUntil = lockEndingIn(10 * 60_000);
    const { calls } = usersApi([user(1, 'Ada Admin', null), user(2, 'Ben Builder', lockedUntil)]);
    const clicker = userEvent.setup();
    renderAt('/users-management/2');
    const alert = await notice();
    expect(alert).toHaveTextContent(`Ben Builder cannot sign in until ${localTime(lockedUntil)}, even with the right password.`);

    await clicker.click(await within(alert).findByRole('button', { name: 'Unlock account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock Ben Builder?' });
    const password = within(dialog).getByLabelText('Your password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription('Unlocking an account needs your own password, to confirm it is you. Wrong ones count as failed sign-ins.');
    // Asked before anything is sent, as the API would refuse it.
    await clicker.click(within(dialog).getByRole('button', { name: 'Unlock account' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('Enter your own password to confirm this change'));
    expect(unlocks(calls)).toEqual([]);

    // The API's refusal shows on the field; the lock stays.
    await clicker.type(password, 'a wrong guess');
    await clicker.click(within(dialog).getByRole('button', { name: 'Unlock account' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(CONFIRM_PASSWORD_WRONG));
    expect(screen.getByText('Locked by failed sign-ins')).toBeInTheDocument();

    await clicker.clear(password);
    await clicker.type(password, `${OWN_PASSWORD}{Enter}`);
    expect(await screen.findByText('Account unlocked: Ben Builder can sign in again')).toBeInTheDocument();
    // Read again: an account that is not locked says nothing of a lock.
    await waitFor(() => expect(screen.queryByText('Locked by failed sign-ins')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Unlock account' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(unlocks(calls)).toEqual([
      { method: 'POST', path: '/api/users-management/2/unlock', body: { current_password: 'a wrong guess' } },
      { method: 'POST', path: '/api/users-management/2/unlock', body: { current_password: OWN_PASSWORD } },
    ]);
    // Nothing else was written: the user's form was not submitted around the dialog.
    expect(calls.filter((call) => call.method !== 'GET' && !call.path.endsWith('/unlock'))).toEqual([]);
  });

  it('keeps the edits typed in the user form: the record read again after an unlock does not reset it', async () => {
    usersApi([user(1, 'Ada Admin', null), user(2, 'Ben Builder', lockEndingIn(10 * 60_000))]);
    const clicker = userEvent.setup();
    renderAt('/users-management/2');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveValue('Ben Builder'));
    await clicker.clear(name);
    await clicker.type(name, 'Ben Bricklayer');

    await clicker.click(await within(await notice()).findByRole('button', { name: 'Unlock account' }));
    await clicker.type(within(await screen.findByRole('dialog')).getByLabelText('Your password'), `${OWN_PASSWORD}{Enter}`);
    expect(await screen.findByText('Account unlocked: Ben Builder can sign in again')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Locked by failed sign-ins')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ben Bricklayer');
  });

  it('says when your own account must wait (429), and keeps the dialog open', async () => {
    const { calls } = usersApi([user(1, 'Ada Admin', null), user(2, 'Ben Builder', lockEndingIn(10 * 60_000))]);
    const clicker = userEvent.setup();
    renderAt('/users-management/2');
    await clicker.click(await within(await notice()).findByRole('button', { name: 'Unlock account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock Ben Builder?' });
    await clicker.type(within(dialog).getByLabelText('Your password'), `${TOO_MANY}{Enter}`);
    expect(await screen.findByText(signInThrottledMessage(900))).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Unlock Ben Builder?' })).toBeInTheDocument();
    expect(screen.getByText('Locked by failed sign-ins')).toBeInTheDocument();
    expect(unlocks(calls)).toHaveLength(1);
  });

  it('on your own account, says another administrator can unlock it, with no button', async () => {
    const lockedUntil = lockEndingIn(10 * 60_000);
    usersApi([user(1, 'Ada Admin', lockedUntil)]);
    renderAt('/users-management/1');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        `Your account is locked until ${localTime(lockedUntil)}. You cannot unlock your own account: another administrator can.`,
      ),
    );
    expect(screen.queryByRole('button', { name: 'Unlock account' })).not.toBeInTheDocument();
  });

  it('takes the notice away when the lock ends', async () => {
    usersApi([user(1, 'Ada Admin', null), user(2, 'Ben Builder', lockEndingIn(1500))]);
    renderAt('/users-management/2');
    await notice();
    await waitFor(() => expect(screen.queryByText('Locked by failed sign-ins')).not.toBeInTheDocument(), { timeout: 5000 });
  });

  it('a lock that ended before the page opened shows no notice', async () => {
    usersApi([user(1, 'Ada Admin', null), user(3, 'Cleo Crane', lockEndingIn(-1000))]);
    renderAt('/users-management/3');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Cleo Crane'));
    expect(screen.queryByText('Locked by failed sign-ins')).not.toBeInTheDocument();
  });

  it('the users list marks the locked account, with when the lock ends: the time alone today, the day too otherwise', async () => {
    const today = lockEndingIn(60_000);
    const later = lockEndingIn(3 * 24 * 3600_000);
    usersApi([user(1, 'Ada Admin', null), user(2, 'Ben Builder', today), user(3, 'Cleo Crane', lockEndingIn(-1000)), user(4, 'Dan Digger', later)]);
    renderAt('/users-management', <UserList />);
    const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    await screen.findByText('Cleo Crane');
    // A minute from now is today but at midnight: then the day is written too, as for any other day.
    const sameDay = new Date(today).toDateString() === new Date().toDateString();
    expect(within(row('Ben Builder')).getByText(`Locked until ${sameDay ? localTime(today).split(', ').at(-1) : localTime(today)}`)).toBeInTheDocument();
    expect(within(row('Dan Digger')).getByText(`Locked until ${localTime(later)}`)).toBeInTheDocument();
    expect(within(row('Ada Admin')).queryByText(/^Locked/)).not.toBeInTheDocument();
    expect(within(row('Cleo Crane')).queryByText(/^Locked/)).not.toBeInTheDocument();
  });
});
