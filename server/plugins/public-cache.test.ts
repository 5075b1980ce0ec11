import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AnswerCache, parseHttpDate, trackContentChanges, usableModifiedSince } from './public-cache';

const at = (iso: string) => Date.parse(iso);

describe('AnswerCache', () => {
  it('computes an answer once for everyone asking within a second, as of the start of that second', async () => {
    const cache = new AnswerCache();
    const asked: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const compute = async (now: Date) => {
      asked.push(now.toISOString());
      await held;
      return `answer as of ${now.toISOString()}`;
    };
    const first = cache.answer('/api/public/blogs', 1, at('2026-11-25T10:00:00.100Z'), compute);
    const second = cache.answer('/api/public/blogs', 1, at('2026-11-25T10:00:00.900Z'), compute);
    release();
    expect(await Promise.all([first, second])).toEqual([
      'answer as of 2026-11-25T10:00:00.000Z',
      'answer as of 2026-11-25T10:00:00.000Z',
    ]);
    expect(asked).toEqual(['2026-11-25T10:00:00.000Z']);
  });

  it('computes again in the next second, after a write, and for another address', async () => {
    const cache = new AnswerCache();
    let computed = 0;
    const compute = async (now: Date) => `${++computed} ${now.toISOString()}`;
    expect(await cache.answer('/a', 1, at('2026-11-25T10:00:00.500Z'), compute)).toBe('1 2026-11-25T10:00:00.000Z');
    expect(await cache.answer('/a', 1, at('2026-11-25T10:00:00.999Z'), compute)).toBe('1 2026-11-25T10:00:00.000Z');
    expect(await cache.answer('/a', 1, at('2026-11-25T10:00:01.000Z'), compute)).toBe('2 2026-11-25T10:00:01.000Z');
    expect(await cache.answer('/a', 2, at('2026-11-25T10:00:01.001Z'), compute)).toBe('3 2026-11-25T10:00:01.000Z');
    expect(await cache.answer('/b', 2, at('2026-11-25T10:00:01.002Z'), compute)).toBe('4 2026-11-25T10:00:01.000Z');
  });

  it('does not reuse a computation that failed', async () => {
    const cache = new AnswerCache();
    const now = at('2026-11-25T10:00:00.000Z');
    await expect(cache.answer('/a', 1, now, () => Promise.reject(new Error('database unavailable')))).rejects.toThrow('database unavailable');
    expect(await cache.answer('/a', 1, now + 1, async () => 'recovered')).toBe('recovered');
  });
});

describe('trackContentChanges', () => {
  it('moves the content version on a write answered 2xx, never on a read or a refused write', async () => {
    const app = Fastify();
    const version = trackContentChanges(app);
    app.post('/api/blogs', async (_request, reply) => reply.code(201).send({ id: 1 }));
    app.delete('/api/blogs/1', async (_request, reply) => reply.code(204).send());
    app.post('/api/refused', async (_request, reply) => reply.code(403).send({ message: 'Invalid or missing CSRF token.' }));
    app.put('/api/conflict', async (_request, reply) => reply.code(409).send({ message: 'Conflict' }));
    app.get('/api/public/blogs', async () => ({ data: [] }));
    try {
      // What anyone can send: a write to no route (404) or one refused before it ran.
      for (const [method, url] of [['POST', '/api/nowhere'], ['POST', '/api/refused'], ['PUT', '/api/conflict'], ['GET', '/api/public/blogs'], ['HEAD', '/api/public/blogs']] as const) {
        await app.inject({ method, url });
      }
      expect(version.current).toBe(0);
      expect((await app.inject({ method: 'POST', url: '/api/blogs' })).statusCode).toBe(201);
      expect((await app.inject({ method: 'DELETE', url: '/api/blogs/1' })).statusCode).toBe(204);
      expect(version.current).toBe(2);
    } finally {
      await app.close();
    }
  });
});

describe('HTTP dates (RFC 9110, section 5.6.7)', () => {
  const now = at('2026-11-29T12:00:00Z');

  it('reads the three formats', () => {
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT', now)).toBe(at('1994-11-06T08:49:37Z'));
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(at('1994-11-06T08:49:37Z'));
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994', now)).toBe(at('1994-11-06T08:49:37Z'));
    // A two-digit year more than 50 years ahead is in the past.
    expect(parseHttpDate('Monday, 01-Jan-76 00:00:00 GMT', now)).toBe(at('2076-01-01T00:00:00Z'));
    expect(parseHttpDate('Friday, 01-Jan-77 00:00:00 GMT', now)).toBe(at('1977-01-01T00:00:00Z'));
  });

  it('refuses what Date.parse takes but is no HTTP date', () => {
    for (const value of ['2026-11-29', '2026-11-29T10:00:00Z', '2099', 'Nov 29 2026', 'sun, 29 nov 2026 10:00:00 gmt', 'Sun, 29 Nov 2026 10:00:00 UTC',
      'Sun, 29 Nov 2026 10:00:00', 'Mon, 30 Feb 2026 00:00:00 GMT', 'Sun, 29 Nov 2026 24:00:00 GMT', ' Sun, 29 Nov 2026 10:00:00 GMT', '']) {
      expect(parseHttpDate(value, now), value).toBeUndefined();
    }
  });

  it('an If-Modified-Since later than now is not used', () => {
    expect(usableModifiedSince('Sun, 29 Nov 2026 12:00:00 GMT', now)).toBe(now);
    expect(usableModifiedSince('Sun, 29 Nov 2026 12:00:01 GMT', now)).toBeUndefined();
    expect(usableModifiedSince('Sun, 29 Nov 2099 00:00:00 GMT', now)).toBeUndefined();
    expect(usableModifiedSince(undefined, now)).toBeUndefined();
  });
});
