import { useEffect, useState } from 'react';
import type { RaRecord } from 'react-admin';

/**
 * The record's lock end (server/routes/users.ts `locked_until`, sent only while it is ahead) until it passes, by
 * this browser's clock; then null, so what shows the lock goes with it.
 */
export function useLockEnd(record: RaRecord | undefined): string | null {
  const lockedUntil = typeof record?.locked_until === 'string' ? record.locked_until : null;
  const end = lockedUntil === null ? Number.NaN : Date.parse(lockedUntil);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!(end > now)) return;
    // Looked at again just after the end (at once if this clock is already past it); setTimeout takes at most 2^31-1 ms.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(0, end - Date.now() + 250), 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [end, now]);
  return end > now ? lockedUntil : null;
}

/** When a lock ends, in the browser's time zone, as the inboxes write their times: 'Dec 2, 2026, 10:25 AM'. */
export const formatLockEnd = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The same, short for a list's marker: the time alone when the lock ends today ('10:25 AM'). */
export function formatLockEndShort(iso: string, now: Date = new Date()): string {
  const end = new Date(iso);
  return end.toDateString() === now.toDateString() ? end.toLocaleTimeString('en-US', { timeStyle: 'short' }) : formatLockEnd(iso);
}
