import { describe, expect, it } from 'vitest';
import { AnswerCache } from './public-cache';

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
