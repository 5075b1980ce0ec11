import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      // The project's own folders, wherever the process was started from.
      dataDir: path.join(root, 'data'),
      databaseUrl: undefined,
      adminEmail: undefined,
      adminPassword: undefined,
      adminName: 'Administrator',
      tokenTtlHours: 168,
      // docs/security.md, "Sessions": 12 hours unused ends a session.
      sessionIdleMinutes: 720,
      staticDir: path.join(root, 'dist'),
      loginRateLimit: 10,
      publicFormRateLimit: 10,
      publicFormGlobalLimit: 30,
      publicFormFilesBytesPerHour: 100 * 1024 * 1024,
      publicFormFilesBytesPerAddressPerHour: 25 * 1024 * 1024,
      // docs/deploy.md, "Sign-in throttling".
      signInThrottle: {
        windowMs: 15 * 60_000,
        lockMs: 15 * 60_000,
        maxDelayMs: 60_000,
        account: { delayAfter: 5, lockAfter: 10 },
        address: { delayAfter: 10, lockAfter: 30 },
      },
      // The timeouts and the connection cap (docs/deploy.md).
      connectionLimits: expect.any(Object),
      websiteOrigins: [],
      publicCacheSeconds: 60,
      publicUrl: undefined,
      secretKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      seedSampleContent: true,
      logLevel: 'info',
      cookieSecure: false,
      trustProxy: false,
      uploadGraceHours: 24,
      uploadMaxPixels: 40_000_000,
      // docs/security.md, "Audit log": a year.
      auditRetentionDays: 365,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/cornerstone',
      DATABASE_URL: 'postgres://app@db:5432/cornerstone',
      ADMIN_EMAIL: 'Owner@Example.com',
      ADMIN_PASSWORD: 'a long password',
      ADMIN_NAME: 'Owner',
      TOKEN_TTL_HOURS: '12',
      STATIC_DIR: '/srv/console',
      LOGIN_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      COOKIE_SECURE: 'true',
      TRUST_PROXY: '1',
      PUBLIC_FORM_RATE_LIMIT: '3',
      SIGN_IN_WINDOW_MINUTES: '30',
      SIGN_IN_LOCK_MINUTES: '60',
      SIGN_IN_MAX_DELAY_SECONDS: '120',
      SIGN_IN_ACCOUNT_DELAY_AFTER: '3',
      SIGN_IN_ACCOUNT_LOCK_AFTER: '6',
      SIGN_IN_ADDRESS_DELAY_AFTER: '0',
      SIGN_IN_ADDRESS_LOCK_AFTER: '100',
      PUBLIC_FORM_GLOBAL_LIMIT: '0',
      PUBLIC_FORM_FILES_MB_PER_HOUR: '20',
      PUBLIC_FORM_FILES_MB_PER_ADDRESS_PER_HOUR: '12',
      SECRET_KEY: 'k'.repeat(40),
      SEED_SAMPLE_CONTENT: 'false',
      UPLOAD_GRACE_HOURS: '48',
    });
    expect(config).toMatchObject({
      uploadGraceHours: 48,
      publicFormRateLimit: 3,
      publicFormGlobalLimit: 0,
      publicFormFilesBytesPerHour: 20 * 1024 * 1024,
      publicFormFilesBytesPerAddressPerHour: 12 * 1024 * 1024,
      secretKey: 'k'.repeat(40),
      seedSampleContent: false,
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://app@db:5432/cornerstone',
      adminEmail: 'owner@example.com',
      adminPassword: 'a long password',
      tokenTtlHours: 12,
      loginRateLimit: 0,
      logLevel: 'warn',
      cookieSecure: true,
      trustProxy: 1,
      signInThrottle: {
        windowMs: 30 * 60_000,
        lockMs: 60 * 60_000,
        maxDelayMs: 120_000,
        account: { delayAfter: 3, lockAfter: 6 },
        address: { delayAfter: 0, lockAfter: 100 },
      },
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '', PORT: '' })).toMatchObject({ port: 8080, adminEmail: undefined });
  });

  it('names every invalid variable in one error, without echoing the password', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db',
        ADMIN_PASSWORD: 'short',
        TOKEN_TTL_HOURS: '-1',
        LOGIN_RATE_LIMIT: '1.5',
        LOG_LEVEL: 'verbose',
        COOKIE_SECURE: 'yes',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'ADMIN_EMAIL', // required alongside ADMIN_PASSWORD, reported together with the rest
      'ADMIN_PASSWORD',
      'TOKEN_TTL_HOURS',
      'LOGIN_RATE_LIMIT',
      'LOG_LEVEL',
      'COOKIE_SECURE',
    ]) {
      expect(message).toMatch(new RegExp(`^  - ${name}: `, 'm'));
    }
    expect(message).not.toMatch(/HOST|DATA_DIR|STATIC_DIR/);
    expect(message).not.toContain('short');
  });

  // An outside operator's probe: PORT=0x1F listened on 31; HOST=999.1.1.1 waited 15 s and blamed the database.
  it('takes whole numbers in digits only, and a HOST that is an address or a host name', () => {
    for (const value of ['0x1F', '1e3', '31.0', '+5', '8 080']) {
      expect(() => loadConfig({ PORT: value }), value).toThrow(/^ {2}- PORT: must be a whole number$/m);
    }
    expect(loadConfig({ PORT: ' 3000 ' }).port).toBe(3000);
    for (const host of ['999.1.1.1', 'exa mple', '-bad', '1.2.3']) {
      expect(() => loadConfig({ HOST: host }), host).toThrow(/^ {2}- HOST: must be an IP address \(0\.0\.0\.0, ::, 127\.0\.0\.1\) or a host name such as 'localhost'$/m);
    }
    for (const host of ['::', '0.0.0.0', '127.0.0.1', 'localhost', 'app.internal', '2001:db8::1']) expect(loadConfig({ HOST: host }).host).toBe(host);
  });

  it('rejects an ADMIN_EMAIL that is not an email address', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner', ADMIN_PASSWORD: 'a long password' })).toThrow(
      /ADMIN_EMAIL: must be an email address/,
    );
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner@example.com' })).toThrow(/ADMIN_PASSWORD: is required when ADMIN_EMAIL is set/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'a long password' })).toThrow(/ADMIN_EMAIL: is required when ADMIN_PASSWORD is set/);
  });

  it('makes a random SECRET_KEY when none is set, and refuses a short one', () => {
    expect(loadConfig({}).secretKey).not.toBe(loadConfig({}).secretKey);
    let message = '';
    try {
      loadConfig({ SECRET_KEY: 'too-short-secret' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^ {2}- SECRET_KEY: must be at least 32 characters long$/m);
    expect(message).not.toContain('too-short-secret');
  });

  it('keeps unreferenced uploads at least an hour: 0 would delete a file whose form is not saved yet', () => {
    expect(() => loadConfig({ UPLOAD_GRACE_HOURS: '0' })).toThrow(/^ {2}- UPLOAD_GRACE_HOURS: must be between 1 and 8760$/m);
    expect(() => loadConfig({ UPLOAD_GRACE_HOURS: '1.5' })).toThrow(/^ {2}- UPLOAD_GRACE_HOURS: must be a whole number$/m);
  });

  it('reads the website origins, refusing anything that is not a bare origin', () => {
    expect(loadConfig({ WEBSITE_ORIGINS: 'https://www.example.com, http://localhost:8090/' }).websiteOrigins).toEqual([
      'https://www.example.com',
      'http://localhost:8090',
    ]);
    expect(() => loadConfig({ WEBSITE_ORIGINS: 'https://www.example.com/blog' })).toThrow(
      /WEBSITE_ORIGINS: 'https:\/\/www.example.com\/blog' is not an origin like https:\/\/www.example.com/,
    );
    expect(() => loadConfig({ WEBSITE_ORIGINS: '*' })).toThrow(/WEBSITE_ORIGINS: '\*' is not an origin/);
    expect(loadConfig({ PUBLIC_URL: 'https://cms.example.com/' }).publicUrl).toBe('https://cms.example.com');
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL: must be an http\(s\) URL/);
  });

  it('takes a hop count or the proxies\' addresses for TRUST_PROXY, and trusts nothing by default (issue #9)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '::1,fd00::/8,loopback' }).trustProxy).toEqual(['::1', 'fd00::/8', 'loopback']);
  });

  it("refuses TRUST_PROXY=true, which would trust an X-Forwarded-For the client writes, and says what to give instead", () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'TRUE' })).toThrow(
      "TRUST_PROXY: 'true' would trust any X-Forwarded-For a client writes; give the number of proxies in front of the server (1 for one nginx) or their addresses ('127.0.0.1,10.0.0.0/8')",
    );
  });

  it('refuses TRUST_PROXY entries that are not addresses, ranges or a sane hop count', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'nginx' })).toThrow(
      "TRUST_PROXY: 'nginx' is not an IP address or CIDR range like 10.0.0.0/8 (or a number of proxies)",
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: '10.0.0.0\/33' is not an IP address/);
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,300.1.1.1' })).toThrow(/TRUST_PROXY: '300.1.1.1' is not an IP address/);
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow('TRUST_PROXY: must be a number of proxies between 0 and 10, or their addresses');
  });

  it('refuses sign-in throttle settings out of range', () => {
    expect(() => loadConfig({ SIGN_IN_LOCK_MINUTES: '0' })).toThrow('SIGN_IN_LOCK_MINUTES: must be between 1 and 1440');
    // Use is recorded once a minute: an idle limit below 5 minutes would end sessions in use.
    for (const minutes of ['1', '4']) {
      expect(() => loadConfig({ SESSION_IDLE_MINUTES: minutes })).toThrow("SESSION_IDLE_MINUTES: must be 0 (no idle limit) or at least 5: a session's use is recorded once a minute");
    }
    expect(loadConfig({ SESSION_IDLE_MINUTES: '5' }).sessionIdleMinutes).toBe(5);
    expect(loadConfig({ SESSION_IDLE_MINUTES: '0' }).sessionIdleMinutes).toBe(0);
    // A share smaller than one CV would refuse that CV every hour.
    expect(() => loadConfig({ PUBLIC_FORM_FILES_MB_PER_ADDRESS_PER_HOUR: '9' })).toThrow(
      "PUBLIC_FORM_FILES_MB_PER_ADDRESS_PER_HOUR: must be 0 (no share) or at least 10: a form's file can be that large",
    );
    expect(loadConfig({ PUBLIC_FORM_FILES_MB_PER_ADDRESS_PER_HOUR: '0' }).publicFormFilesBytesPerAddressPerHour).toBe(0);
    expect(() => loadConfig({ SIGN_IN_ACCOUNT_LOCK_AFTER: '-1' })).toThrow('SIGN_IN_ACCOUNT_LOCK_AFTER: must be between 0 and 1000000');
    expect(() => loadConfig({ SIGN_IN_MAX_DELAY_SECONDS: 'soon' })).toThrow('SIGN_IN_MAX_DELAY_SECONDS: must be a whole number');
  });

  it('reads the session idle limit in minutes, 0 switching it off', () => {
    expect(loadConfig({ SESSION_IDLE_MINUTES: '30' }).sessionIdleMinutes).toBe(30);
    expect(loadConfig({ SESSION_IDLE_MINUTES: '0' }).sessionIdleMinutes).toBe(0);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '-5' })).toThrow('SESSION_IDLE_MINUTES: must be between 0 and 525600');
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '12h' })).toThrow('SESSION_IDLE_MINUTES: must be a whole number');
  });
});
