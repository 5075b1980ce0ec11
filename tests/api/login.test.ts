import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserActive } from '../../server/repositories/users';
import { csrf, findCookie, loginJson, multipart, setupApp, USER, type TestApp } from './helpers';

const INVALID = { message: 'Invalid email or password.' };

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(async () => {
  await t.close();
});

function post(payload: string | Buffer, contentType: string) {
  const token = csrf();
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    cookies: token.cookies,
    headers: { ...token.headers, 'content-type': contentType },
    payload,
  });
}

function expectSignedIn(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).toEqual({
    access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    token_type: 'Bearer',
    expires_at: expect.any(String),
    user: { id: t.userId, name: USER.name, email: USER.email },
  });
  return body as { access_token: string; expires_at: string };
}

describe('POST /api/login: success', () => {
  it('accepts multipart/form-data, as the console sends it (SPEC §7)', async () => {
    const form = await multipart({ email: USER.email, password: USER.password });
    const body = expectSignedIn(await post(form.payload, form.contentType));
    const me = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.statusCode).toBe(200);
  });

  it('accepts application/x-www-form-urlencoded', async () => {
    const payload = new URLSearchParams({ email: USER.email, password: USER.password }).toString();
    expectSignedIn(await post(payload, 'application/x-www-form-urlencoded'));
  });

  it('accepts application/json', async () => {
    expectSignedIn(await loginJson(t.app, USER.email, USER.password));
  });

  it('matches the email regardless of case and surrounding spaces', async () => {
    expectSignedIn(await loginJson(t.app, `  ${USER.email.toUpperCase()} `, USER.password));
  });

  it('issues a different token on every sign-in, expiring after TOKEN_TTL_HOURS', async () => {
    const before = Date.now();
    const first = expectSignedIn(await loginJson(t.app, USER.email, USER.password));
    const second = expectSignedIn(await loginJson(t.app, USER.email, USER.password));
    expect(first.access_token).not.toBe(second.access_token);
    const ttl = Date.parse(first.expires_at) - before;
    expect(ttl).toBeGreaterThan(t.config.tokenTtlHours * 3_600_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(t.config.tokenTtlHours * 3_600_000 + 60_000);
  });

  it('stores only a hash of the token', async () => {
    const { access_token } = expectSignedIn(await loginJson(t.app, USER.email, USER.password));
    const rows = await t.db.selectFrom('tokens').select('token_hash').execute();
    expect(rows.map((row) => row.token_hash)).not.toContain(access_token);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });
});

describe('POST /api/login: refused credentials', () => {
  it('answers 401 for a wrong password', async () => {
    const response = await loginJson(t.app, USER.email, 'not the password');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(INVALID);
  });

  it('answers 401 with the same message for an unknown email', async () => {
    const response = await loginJson(t.app, 'nobody@cornerstone.test', USER.password);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(INVALID);
  });

  it('answers 401 (not 400) for a password shorter than 8 characters', async () => {
    const response = await loginJson(t.app, USER.email, 'short');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(INVALID);
  });

  it('answers 401 for a deactivated user with the right password', async () => {
    await setUserActive(t.db, t.userId, false);
    try {
      const response = await loginJson(t.app, USER.email, USER.password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID);
    } finally {
      await setUserActive(t.db, t.userId, true);
    }
  });
});

describe('POST /api/login: invalid requests', () => {
  it('names both missing fields', async () => {
    const response = await post('{}', 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Email is required. Password is required.',
      errors: { email: 'Email is required', password: 'Password is required' },
    });
  });

  it('treats empty and blank fields as missing', async () => {
    const form = await multipart({ email: '   ', password: '' });
    const response = await post(form.payload, form.contentType);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it('reports a missing password in a urlencoded body', async () => {
    const response = await post(`email=${encodeURIComponent(USER.email)}`, 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Password is required.', errors: { password: 'Password is required' } });
  });

  it('rejects an email over 254 characters', async () => {
    const response = await loginJson(t.app, `${'a'.repeat(250)}@x.test`, USER.password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Email must be at most 254 characters long.',
      errors: { email: 'Email must be at most 254 characters long' },
    });
  });

  it('rejects an email with a control, invisible or text-direction character or half of an emoji, and writes nothing to the audit log', async () => {
    const logged = async () => Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await logged();
    // '\u202emoc.elpmaxe@nimda' reads 'admin@example.com' in the audit log: a look-alike entry anyone could write.
    for (const email of ['\u0000', '\u001b[31mred\u001b[0m@x.test', 'a\ud800@x.test', '\u202emoc.elpmaxe@nimda', 'adm\u200bin@example.com', 'admin@exa\u2066mple.com', 'ad\u00admin@example.com']) {
      const response = await loginJson(t.app, email, USER.password);
      expect(response.statusCode, JSON.stringify(email)).toBe(400);
      expect(response.json().errors).toEqual({ email: 'Email contains a control, invisible or text-direction character, or half of an emoji, which no address holds' });
    }
    expect(await logged()).toBe(before);
  });

  // No account's email holds a space or a letter beyond a-z (fields.email): a Cyrillic 'а' made an audit entry that
  // read as the administrator's, and 'bob@example.com device x' showed Bob's account locked (an outside probe).
  it('rejects an email with a space or a letter no account email holds, writes nothing, and shows no lock', async () => {
    const logged = async () => Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await logged();
    for (const email of ['\u0430dmin@example.com', `${USER.email} device forged`, 'ad min@example.com', 'admin@exämple.com', 'ａdmin@example.com', 'admin@example.com\u00a0x']) {
      const response = await loginJson(t.app, email, USER.password);
      expect(response.statusCode, JSON.stringify(email)).toBe(400);
      expect(response.json()).toEqual({
        message: "Email can hold only the letters a-z, digits and an address's signs: no spaces, accented letters or letters of other alphabets, which no account's email holds.",
        errors: { email: "Email can hold only the letters a-z, digits and an address's signs: no spaces, accented letters or letters of other alphabets, which no account's email holds" },
      });
    }
    expect(await logged()).toBe(before);
    expect(await t.db.selectFrom('sign_in_attempts').select('account').where('account', 'like', '%device%').execute()).toEqual([]);
    // Spaces around the address are still trimmed, and the account signs in.
    expect((await loginJson(t.app, ` ${USER.email.toUpperCase()} `, USER.password)).statusCode).toBe(200);
  });

  it('rejects a password holding half of an emoji: hashed as UTF-8, every such half would be the same character', async () => {
    const response = await loginJson(t.app, USER.email, '\udc00\udfff\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ password: 'Password contains half of an emoji or symbol (a broken character): type it again' });
  });

  it('rejects a password over 1024 characters, also in multipart far beyond the field limit', async () => {
    const json = await loginJson(t.app, USER.email, 'p'.repeat(1025));
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual({ password: 'Password must be at most 1024 characters long' });

    const form = await multipart({ email: USER.email, password: 'p'.repeat(100_000) });
    const response = await post(form.payload, form.contentType);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ password: 'Password must be at most 1024 characters long' });
  });

  it('rejects a file sent in place of a field', async () => {
    const form = await multipart(
      { email: USER.email },
      { password: new File([USER.password], 'password.txt', { type: 'text/plain' }) },
    );
    const response = await post(form.payload, form.contentType);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Password must be a text field, not a file.',
      errors: { password: 'Password must be a text field, not a file' },
    });
  });

  it('rejects a field that is not a single text value', async () => {
    const json = await post(JSON.stringify({ email: ['a@b.test'], password: 12345678 }), 'application/json');
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual({
      email: 'Email must be a single text value',
      password: 'Password must be a single text value',
    });

    const repeated = await post(`email=a%40b.test&email=c%40d.test&password=x`, 'application/x-www-form-urlencoded');
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().errors).toEqual({ email: 'Email must be a single text value' });
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await post('{"email": "a@b.test", ', 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers 400 for a JSON body that is not an object', async () => {
    const response = await post('"dana"', 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The request body must contain the fields email and password.',
      errors: { body: 'The request body must contain the fields email and password' },
    });
  });

  it('answers 400 for malformed multipart data', async () => {
    const truncated = await post('--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b', 'multipart/form-data; boundary=xyz');
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({ message: 'The form data is malformed and could not be read.' });

    const noBoundary = await post('email=x', 'multipart/form-data');
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toEqual({ message: 'The form data is malformed and could not be read.' });
  });

  it('answers 415 for other content types', async () => {
    const response = await post(`${USER.email}:${USER.password}`, 'text/plain');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: "The content type 'text/plain' is not supported here." });

    const xml = await post('<login/>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toMatch(/application\/xml/);
  });

  it('never echoes the password back', async () => {
    const secret = 'p'.repeat(1025);
    const response = await loginJson(t.app, USER.email, secret);
    expect(response.body).not.toContain(secret);
  });
});

describe('POST /api/login: rate limit', () => {
  it('answers 429 after LOGIN_RATE_LIMIT attempts per minute from one address', async () => {
    const limited = await setupApp({ loginRateLimit: 3 });
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await loginJson(limited.app, USER.email, 'wrong password')).statusCode).toBe(401);
      }
      const blocked = await loginJson(limited.app, USER.email, USER.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: 'Too many sign-in attempts. Please wait a minute and try again.' });
      expect(blocked.headers['retry-after']).toBeDefined();

      // Another address is not affected.
      const token = csrf();
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '203.0.113.9',
        cookies: token.cookies,
        headers: token.headers,
        payload: { email: USER.email, password: USER.password },
      });
      expect(other.statusCode).toBe(200);
      expect(findCookie(other, 'XSRF-TOKEN')).toBeUndefined();
    } finally {
      await limited.close();
    }
  });
});
