import { describe, expect, it } from 'vitest';
import { receivedAgo, receivedAt } from './InboxFields';

const now = Date.parse('2025-03-12T14:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('received date', () => {
  it('reads relative, like an inbox', () => {
    expect(receivedAgo(ago(20_000), now)).toBe('just now');
    expect(receivedAgo(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(receivedAgo(ago(3 * 3600_000), now)).toBe('3 hours ago');
    expect(receivedAgo(ago(26 * 3600_000), now)).toBe('yesterday');
    expect(receivedAgo(ago(15 * 86_400_000), now)).toBe('2 weeks ago');
    expect(receivedAgo('not a date', now)).toBe('');
  });

  it('gives the exact time beside it', () => {
    expect(receivedAt('2025-03-12T14:03:00.000Z')).toMatch(/^Mar 12, 2025, \d{1,2}:03 (AM|PM)$/);
  });
});
