// Users Management over the users table: the same list dialect, passwords set and reset but never returned,
// and the rules that keep an administrator from locking themselves out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSignInFailure } from '../../server/repositories/sign-in-attempts';
import { findUserByEmail } from '../../server/repositories/users';
import { apiClient, AUTH_REQUIRED, csrf, listParams, loginJson, setupApp, signIn, USER, type ApiClient, type TestApp } from './helpers';

const FORM_ERROR = 'Please check the form for errors';
const USER_KEYS = ['active', 'created_at', 'email', 'id', 'locked_until', 'name', 'updated_at', 'version'];

let t: TestApp;
let api: ApiClient;
let token: string;
beforeAll(async () => {
  t = await setupApp();
  token = await signIn(t.app);
  api = apiClient(t.app, token);
});
afterAll(async () => {
  await t.close();
});

// Adding a user needs your own password (needsOwnPassword): the signed-in user here is USER.
const OWN = { current_password: USER.password };

async function createUser(body: Record<string, unknown>) {
  const response = await api.post('/api/users-management', { ...OWN, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; email: string; active: boolean }>();
}

describe('creating users', () => {
  it('answers the user without any password or hash', async () => {
    const response = await api.post('/api/users-management', { name: 'Lin', email: ' Lin@Example.COM ', password: 'a good password', ...OWN });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(USER_KEYS);
    expect(body).toMatchObject({ name: 'Lin', email: 'lin@example.com', active: true });
    expect(response.body).not.toMatch(/scrypt|password/);
    expect((await loginJson(t.app, 'lin@example.com', 'a good password')).statusCode).toBe(200);
  });

  it('requires a password of at least 8 characters (SPEC §5)', async () => {
    const missing = await api.post('/api/users-management', { name: 'No', email: 'no@example.com', ...OWN });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: FORM_ERROR, errors: { password: 'Password is required' } });
    const short = await api.post('/api/users-management', { name: 'No', email: 'no@example.com', password: 'short', ...OWN });
    expect(short.json()).toEqual({ message: FORM_ERROR, errors: { password: 'Password must be at least 8 characters long' } });
    // Eight halves of emojis: hashed as UTF-8 they would be eight replacement characters, as any other eight halves.
    const broken = await api.post('/api/users-management', { name: 'No', email: 'no@example.com', password: '\ud800'.repeat(8), ...OWN });
    expect(broken.json()).toEqual({ message: FORM_ERROR, errors: { password: 'Password contains half of an emoji or symbol (a broken character): type it again' } });
  });

  it('refuses an email already used, whatever its case', async () => {
    const response = await api.post('/api/users-management', { name: 'Copy', email: USER.email.toUpperCase(), password: 'another password', ...OWN });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: FORM_ERROR, errors: { email: 'This email is already used' } });
  });

  it('validates name and email', async () => {
    const response = await api.post('/api/users-management', { name: '', email: 'not-an-email', password: 'long enough', ...OWN });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: FORM_ERROR, errors: { name: 'Name is required', email: 'Email must be a valid email address' } });
  });
});

describe('listing users', () => {
  beforeAll(async () => {
    await createUser({ name: 'zoe', email: 'zoe@example.com', password: 'password one', active: false });
    await createUser({ name: 'Adam', email: 'adam@example.com', password: 'password two' });
  });

  it('sorts by name without regard to case, with Content-Range, never a hash', async () => {
    const response = await api.get(`/api/users-management${listParams({ sort: ['name', 'ASC'], range: [0, 9], filter: {} })}`);
    expect(response.statusCode).toBe(200);
    const users = response.json<{ name: string }[]>();
    expect(users.map((user) => user.name)).toEqual(['Adam', USER.name, 'Lin', 'zoe']);
    expect(response.headers['content-range']).toBe('users-management 0-3/4');
    for (const user of users) expect(Object.keys(user).sort()).toEqual(USER_KEYS);
  });

  it('filters by active and searches name and email', async () => {
    const names = async (filter: Record<string, unknown>) =>
      (await api.get(`/api/users-management${listParams({ filter, sort: ['name', 'ASC'] })}`)).json().map((user: { name: string }) => user.name);
    expect(await names({ active: false })).toEqual(['zoe']);
    expect(await names({ q: 'ADAM@' })).toEqual(['Adam']);
    expect(await names({ q: 'dana' })).toEqual([USER.name]);
  });

  it('searches without regard to case in every script, on both databases (SQLite folded A-Z only)', async () => {
    const names = async (q: string) =>
      (await api.get(`/api/users-management${listParams({ filter: { q }, sort: ['name', 'ASC'] })}`)).json().map((user: { name: string }) => user.name);
    const added = await createUser({ name: 'Ünal Çelik', email: 'unal@example.com', password: 'password three' });
    try {
      for (const q of ['çelik', 'ÇELIK', 'ünal', 'ÜNAL ÇEL']) expect(await names(q), q).toEqual(['Ünal Çelik']);
      // The audit log's search too: the user's creation is in it under their name.
      const audit = await api.get(`/api/audit-log${listParams({ filter: { q: 'ÜNAL' } })}`);
      expect(audit.statusCode, audit.body).toBe(200);
      expect(audit.json<unknown[]>().length).toBeGreaterThan(0);
      // Wildcards stay text.
      expect(await names('%')).toEqual([]);
    } finally {
      expect((await api.delete(`/api/users-management/${added.id}`)).statusCode).toBe(200);
    }
  });

  it('refuses sorting by the password hash', async () => {
    const response = await api.get(`/api/users-management${listParams({ sort: ['password_hash', 'ASC'] })}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Cannot sort users-management by 'password_hash'/);
  });

  it('gets one user, 404 for a missing one', async () => {
    expect((await api.get(`/api/users-management/${t.userId}`)).json()).toMatchObject({ id: t.userId, email: USER.email });
    expect((await api.get('/api/users-management/999999')).json()).toEqual({ message: 'Not Found' });
  });
});

describe('editing users', () => {
  it('updates from the whole record react-admin sends; an empty password keeps the current one', async () => {
    const user = await createUser({ name: 'Edit Me', email: 'edit@example.com', password: 'original password' });
    const response = await api.put(`/api/users-management/${user.id}`, { ...user, name: 'Edited', password: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, name: 'Edited', email: 'edit@example.com', active: true });
    expect((await loginJson(t.app, 'edit@example.com', 'original password')).statusCode).toBe(200);
  });

  it('resets a password and signs the user out everywhere', async () => {
    const user = await createUser({ name: 'Reset', email: 'reset@example.com', password: 'old password' });
    const token = (await loginJson(t.app, 'reset@example.com', 'old password')).json().access_token;
    expect((await apiClient(t.app, token).get('/api/me')).statusCode).toBe(200);

    const short = await api.put(`/api/users-management/${user.id}`, { password: 'short', ...OWN });
    expect(short.json()).toEqual({ message: FORM_ERROR, errors: { password: 'Password must be at least 8 characters long' } });
    const response = await api.put(`/api/users-management/${user.id}`, { password: 'brand new password', ...OWN });
    expect(response.statusCode).toBe(200);
    expect((await apiClient(t.app, token).get('/api/me')).json()).toEqual(AUTH_REQUIRED);
    expect((await loginJson(t.app, 'reset@example.com', 'old password')).statusCode).toBe(401);
    expect((await loginJson(t.app, 'reset@example.com', 'brand new password')).statusCode).toBe(200);
    expect((await findUserByEmail(t.db, 'reset@example.com'))!.passwordHash).not.toContain('brand new password');
  });

  it('keeps your own session when you change your own password', async () => {
    const own = await setupApp();
    try {
      const client = apiClient(own.app, await signIn(own.app));
      const changed = await client.put(`/api/users-management/${own.userId}`, { password: 'my new password', current_password: USER.password });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await client.get('/api/me')).statusCode).toBe(200);
      expect((await loginJson(own.app, USER.email, 'my new password')).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('changes your own password only with your current one: missing or wrong is a field error, nothing changes', async () => {
    const own = await setupApp();
    try {
      const client = apiClient(own.app, await signIn(own.app));
      const path = `/api/users-management/${own.userId}`;
      const missing = await client.put(path, { name: USER.name, password: 'taken over password' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: FORM_ERROR, errors: { current_password: 'Enter your current password to choose a new one' } });
      const empty = await client.put(path, { password: 'taken over password', current_password: '' });
      expect(empty.json()).toEqual({ message: FORM_ERROR, errors: { current_password: 'Enter your current password to choose a new one' } });
      const wrong = await client.put(path, { password: 'taken over password', current_password: 'a guess' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: FORM_ERROR, errors: { current_password: 'This is not your current password' } });
      // Still signed in (a 401 would end the console's session), and the old password still works.
      expect((await client.get('/api/me')).statusCode).toBe(200);
      expect((await loginJson(own.app, USER.email, USER.password)).statusCode).toBe(200);
      expect((await loginJson(own.app, USER.email, 'taken over password')).statusCode).toBe(401);
      // Other changes to your own account need no password.
      expect((await client.put(path, { name: 'Dana B.' })).json()).toMatchObject({ name: 'Dana B.' });
    } finally {
      await own.close();
    }
  });

  it("resets someone else's password with your own password, not theirs", async () => {
    const user = await createUser({ name: 'Forgetful', email: 'forgetful@example.com', password: 'forgotten password' });
    const response = await api.put(`/api/users-management/${user.id}`, { password: 'given by an admin', ...OWN });
    expect(response.statusCode, response.body).toBe(200);
    expect((await loginJson(t.app, 'forgetful@example.com', 'given by an admin')).statusCode).toBe(200);
  });

  it('a token alone cannot add a user, set a password or change an email: each needs your own password', async () => {
    const victim = await createUser({ name: 'Victim', email: 'victim@example.com', password: 'victim password' });
    const usersBefore = (await api.get('/api/users-management')).json<unknown[]>().length;
    const attempts = [
      () => api.post('/api/users-management', { name: 'Backdoor', email: 'evil@example.com', password: 'evil password 1' }),
      () => api.put(`/api/users-management/${victim.id}`, { password: 'attacker chosen' }),
      () => api.put(`/api/users-management/${victim.id}`, { email: 'elsewhere@example.com' }),
      () => api.put(`/api/users-management/${t.userId}`, { email: 'stolen@example.com' }),
    ];
    for (const attempt of attempts) {
      const missing = await attempt();
      expect(missing.statusCode, missing.body).toBe(400);
      expect(missing.json()).toEqual({ message: FORM_ERROR, errors: { current_password: 'Enter your own password to confirm this change' } });
    }
    // A wrong one is refused in the words of the field that asked for it, 'Your password' (a new user's probe).
    const wrong = await api.put(`/api/users-management/${victim.id}`, { password: 'attacker chosen', current_password: 'a guess' });
    expect(wrong.json()).toEqual({ message: FORM_ERROR, errors: { current_password: 'This is not your password' } });
    const wrongAdding = await api.post('/api/users-management', { name: 'Backdoor', email: 'evil@example.com', password: 'evil password 1', current_password: 'a guess' });
    expect(wrongAdding.json()).toEqual({ message: FORM_ERROR, errors: { current_password: 'This is not your password' } });
    // Nothing changed: no new user, the victim's password and email as they were, and yours.
    expect((await api.get('/api/users-management')).json<unknown[]>()).toHaveLength(usersBefore);
    expect((await loginJson(t.app, 'victim@example.com', 'victim password')).statusCode).toBe(200);
    expect((await api.get(`/api/users-management/${t.userId}`)).json()).toMatchObject({ email: USER.email });
    // The same email in another case is no change, and a name or active flag needs nothing.
    expect((await api.put(`/api/users-management/${victim.id}`, { email: 'VICTIM@example.com', name: 'Victor' })).json()).toMatchObject({ name: 'Victor' });
  });

  it('counts a wrong own password as a failed sign-in of your session: it waits and locks as sign-ins do', async () => {
    const own = await setupApp();
    try {
      const client = apiClient(own.app, await signIn(own.app));
      const guess = () => client.post('/api/users-management', { name: 'Guess', email: 'guess@example.com', password: 'guess password', current_password: 'wrong guess' });
      // SIGN_IN_ACCOUNT_DELAY_AFTER is 5 by default: the sixth guess at once must wait.
      for (let i = 0; i < 5; i += 1) expect((await guess()).statusCode).toBe(400);
      const throttledGuess = await guess();
      expect(throttledGuess.statusCode, throttledGuess.body).toBe(429);
      const retryAfter = Number(throttledGuess.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      // The wait is the own password field's error too, so the form shows it there (a new user's probe).
      const wait = `Too many failed sign-in attempts. Please try again in ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'}.`;
      expect(throttledGuess.json()).toEqual({ message: wait, errors: { current_password: wait } });
      expect((await client.get('/api/users-management')).json<{ email: string }[]>().map((user) => user.email)).toEqual([USER.email]);
      // The session's count, not the account's: signing in again is not refused for it.
      expect((await loginJson(own.app, USER.email, USER.password)).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('deactivating a user revokes their tokens and stops their sign-in', async () => {
    const user = await createUser({ name: 'Leaving', email: 'leaving@example.com', password: 'leaving password' });
    const token = (await loginJson(t.app, 'leaving@example.com', 'leaving password')).json().access_token;
    const response = await api.put(`/api/users-management/${user.id}`, { active: false });
    expect(response.json()).toMatchObject({ active: false });
    expect(await t.db.selectFrom('tokens').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await apiClient(t.app, token).get('/api/me')).statusCode).toBe(401);
    expect((await loginJson(t.app, 'leaving@example.com', 'leaving password')).statusCode).toBe(401);
  });

  it('refuses an email another user has', async () => {
    const user = await createUser({ name: 'Mover', email: 'mover@example.com', password: 'mover password' });
    const response = await api.put(`/api/users-management/${user.id}`, { email: 'ADAM@example.com', ...OWN });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: FORM_ERROR, errors: { email: 'This email is already used' } });
  });

  it('refuses to deactivate yourself', async () => {
    const response = await api.put(`/api/users-management/${t.userId}`, { active: false });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'You cannot deactivate your own account',
      errors: { active: 'You cannot deactivate your own account' },
    });
    expect((await api.get('/api/me')).statusCode).toBe(200);
  });

  it('refuses a body that is no JSON object (null, a list, a text) with 400, and changes nothing', async () => {
    const user = await createUser({ name: 'Body', email: 'body@example.com', password: 'a good password' });
    const pair = csrf();
    for (const method of ['PUT', 'POST'] as const) {
      for (const payload of ['null', '[]', '"x"', '5']) {
        const response = await t.app.inject({
          method,
          url: method === 'PUT' ? `/api/users-management/${user.id}` : '/api/users-management',
          payload,
          headers: { ...pair.headers, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          cookies: pair.cookies,
        });
        expect(response.statusCode, `${method} ${payload}`).toBe(400);
        expect(response.json(), `${method} ${payload}`).toEqual({ message: 'The request body must be a JSON object.' });
      }
    }
    expect((await api.get(`/api/users-management/${user.id}`)).json()).toMatchObject({ name: 'Body', version: 1 });
  });

  it('answers 404 for a missing user', async () => {
    expect((await api.put('/api/users-management/999999', { name: 'Ghost' })).statusCode).toBe(404);
  });
});

describe('deleting users', () => {
  it('deletes another user and answers it', async () => {
    const user = await createUser({ name: 'Gone', email: 'gone@example.com', password: 'gone password' });
    const response = await api.delete(`/api/users-management/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: 'gone@example.com' });
    expect((await api.get(`/api/users-management/${user.id}`)).statusCode).toBe(404);
    expect((await api.delete(`/api/users-management/${user.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete yourself', async () => {
    const response = await api.delete(`/api/users-management/${t.userId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'You cannot delete your own account' });
    expect((await api.get(`/api/users-management/${t.userId}`)).statusCode).toBe(200);
  });
});

describe('unlocking an account that failed sign-ins locked', () => {
  /** The account's 10th failure (SIGN_IN_ACCOUNT_LOCK_AFTER) `msAgo`: locked for 15 minutes from then. */
  async function lock(email: string, msAgo = 0) {
    const last = new Date(Date.now() - msAgo);
    for (let i = 9; i >= 0; i -= 1) await recordSignInFailure(t.db, { account: email, address: `192.0.2.${i}` }, new Date(last.getTime() - i * 1000));
    return new Date(last.getTime() + t.config.signInThrottle.lockMs).toISOString();
  }
  const unlock = (id: number, body: Record<string, unknown> = OWN, client = api) => client.post(`/api/users-management/${id}/unlock`, body);

  it('says until when an account is locked, in its record and the list', async () => {
    const user = await createUser({ name: 'Locked Lee', email: 'lee@example.com', password: 'lee password' });
    expect((await api.get(`/api/users-management/${user.id}`)).json()).toMatchObject({ locked_until: null });
    const until = await lock('lee@example.com', 60_000);
    expect((await api.get(`/api/users-management/${user.id}`)).json()).toMatchObject({ locked_until: until });
    const listed = (await api.get(`/api/users-management${listParams({ filter: { q: 'lee@' } })}`)).json<{ locked_until: string | null }[]>();
    expect(listed).toEqual([expect.objectContaining({ locked_until: until })]);
    // Waits before the lock (after the 5th failure) are no lock; a lock that has ended is none either.
    const waiting = await createUser({ name: 'Waiting Wu', email: 'wu@example.com', password: 'wu password' });
    for (let i = 0; i < 6; i += 1) await recordSignInFailure(t.db, { account: 'wu@example.com', address: '192.0.2.1' }, new Date());
    expect((await api.get(`/api/users-management/${waiting.id}`)).json()).toMatchObject({ locked_until: null });
    const past = await createUser({ name: 'Past Pat', email: 'pat@example.com', password: 'pat password' });
    await lock('pat@example.com', t.config.signInThrottle.lockMs + 1000);
    expect((await api.get(`/api/users-management/${past.id}`)).json()).toMatchObject({ locked_until: null });
  });

  it('an administrator unlocks it with their own password: the user signs in at once, and the log says who did', async () => {
    const user = await createUser({ name: 'Kim Locked', email: 'kim@example.com', password: 'kim password' });
    await lock('kim@example.com');
    expect((await loginJson(t.app, 'kim@example.com', 'kim password')).statusCode).toBe(429);

    // Your own password, as the other changes that could help take an account (needsOwnPassword).
    const missing = await unlock(user.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: FORM_ERROR, errors: { current_password: 'Enter your own password to confirm this change' } });
    const wrong = await unlock(user.id, { current_password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: FORM_ERROR, errors: { current_password: 'This is not your password' } });
    expect((await api.get(`/api/users-management/${user.id}`)).json<{ locked_until: string | null }>().locked_until).not.toBeNull();

    const response = await unlock(user.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(USER_KEYS);
    expect(response.json()).toMatchObject({ id: user.id, email: 'kim@example.com', locked_until: null, version: 1 });
    expect((await api.get(`/api/users-management/${user.id}`)).json()).toMatchObject({ locked_until: null });
    expect(await t.db.selectFrom('sign_in_attempts').select('id').where('account', '=', 'kim@example.com').execute()).toEqual([]);
    expect((await loginJson(t.app, 'kim@example.com', 'kim password')).statusCode).toBe(200);

    const log = await api.get(`/api/audit-log${listParams({ filter: { action: 'unlock' } })}`);
    expect(log.json()).toEqual([
      expect.objectContaining({ action: 'unlock', user_id: t.userId, user_name: USER.name, area: 'users-management', record_id: user.id, record_label: 'Kim Locked', fields: null }),
    ]);
  });

  it('refuses your own account (your lock holds your password back too), an unknown user, and a request without the CSRF pair', async () => {
    const self = await unlock(t.userId);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You cannot unlock your own account: another administrator can' });
    expect((await unlock(999999)).statusCode).toBe(404);

    const user = await createUser({ name: 'Still Locked', email: 'still@example.com', password: 'still password' });
    await lock('still@example.com');
    const noCsrf = await t.app.inject({ method: 'POST', url: `/api/users-management/${user.id}/unlock`, payload: OWN, headers: { authorization: `Bearer ${token}` } });
    expect(noCsrf.statusCode).toBe(403);
    expect((await api.get(`/api/users-management/${user.id}`)).json<{ locked_until: string | null }>().locked_until).not.toBeNull();
  });
});

describe('without a token', () => {
  it.each([
    ['GET', '/api/users-management'],
    ['GET', '/api/users-management/1'],
    ['POST', '/api/users-management'],
    ['POST', '/api/users-management/1/unlock'],
    ['PUT', '/api/users-management/1'],
    ['DELETE', '/api/users-management/1'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const anonymous = apiClient(t.app);
    const response =
      method === 'GET'
        ? await anonymous.get(url)
        : method === 'POST'
          ? await anonymous.post(url, {})
          : method === 'PUT'
            ? await anonymous.put(url, {})
            : await anonymous.delete(url);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(AUTH_REQUIRED);
  });
});
