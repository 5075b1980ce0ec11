import { describe, expect, it } from 'vitest';
import { createFilesShare } from './files-share';

const HOUR = 3_600_000;

describe('createFilesShare', () => {
  it('takes files up to the share per address, and says when the earliest that makes room leaves the hour', () => {
    const share = createFilesShare(10);
    const start = 1_000_000;
    expect(share.reserve('a', 4, start).ok).toBe(true);
    expect(share.reserve('a', 4, start + 600_000).ok).toBe(true);
    // 8 used: 3 more would pass 10. The first file (4) leaving makes room, an hour after it came.
    expect(share.reserve('a', 3, start + 900_000)).toEqual({ ok: false, retryAfterSeconds: 2700 });
    // 7 more needs both to leave: the second leaves at start + 600,000 + one hour.
    expect(share.reserve('a', 7, start + 900_000)).toEqual({ ok: false, retryAfterSeconds: 3300 });
    // Another address has its own share.
    expect(share.reserve('b', 10, start + 900_000).ok).toBe(true);
    // After the first leaves the hour, its room is back.
    expect(share.reserve('a', 3, start + HOUR + 1).ok).toBe(true);
  });

  it('refuses a file larger than the whole share for the whole hour, and gives back released room', () => {
    const share = createFilesShare(10);
    expect(share.reserve('a', 11, 0)).toEqual({ ok: false, retryAfterSeconds: 3600 });
    const first = share.reserve('a', 10, 0);
    if (!first.ok) throw new Error('the first file fits');
    expect(share.reserve('a', 1, 1).ok).toBe(false);
    first.release();
    expect(share.reserve('a', 10, 2).ok).toBe(true);
  });

  it('forgets the addresses whose files have all left the hour', () => {
    const share = createFilesShare(10);
    for (let n = 0; n < 50; n += 1) share.reserve(`address ${n}`, 1, 0);
    expect(share.size()).toBe(50);
    share.reserve('late', 1, HOUR + 61_000);
    expect(share.size()).toBe(1);
  });
});
