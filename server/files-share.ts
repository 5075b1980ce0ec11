// Each sender's share of the website forms' files budget (PUBLIC_FORM_FILES_MB_PER_ADDRESS_PER_HOUR). The budget for
// all senders together (PUBLIC_FORM_FILES_MB_PER_HOUR) stops a disk fill, but one address could spend all of it:
// sixteen 6 MB "CVs" at the top of each hour and no real applicant could attach a CV all hour (an outside attacker's
// probe). With a share, one address spends at most its share, and the budget takes several senders to use up.
//
// Kept in this process's memory, by address (an IPv6 client by its /64, server/client-address.ts): a restart forgets
// it, and each instance behind a load balancer keeps its own (the budget itself is counted in the database, for all).

/** What one reservation answers: room, with a way to give it back if nothing is stored; or when room opens. */
export type ShareAnswer = { ok: true; release: () => void } | { ok: false; retryAfterSeconds: number };

export interface FilesShare {
  /** Reserves `bytes` of `address`'s share for the hour from `now`, if they fit. */
  reserve(address: string, bytes: number, now?: number): ShareAnswer;
  /** Addresses with files in the window (for tests and memory: expired ones are forgotten). */
  size(): number;
}

interface Spent {
  at: number;
  bytes: number;
}

export function createFilesShare(bytesPerHour: number, windowMs = 3_600_000): FilesShare {
  const spent = new Map<string, Spent[]>();
  let nextSweep = 0;

  const recent = (address: string, now: number): Spent[] => {
    const entries = (spent.get(address) ?? []).filter((entry) => entry.at > now - windowMs);
    if (entries.length === 0) spent.delete(address);
    else spent.set(address, entries);
    return entries;
  };

  return {
    reserve(address, bytes, now = Date.now()) {
      // Now and then, every address's old entries go: the map holds only the last hour's senders.
      if (now >= nextSweep) {
        for (const key of [...spent.keys()]) recent(key, now);
        nextSweep = now + 60_000;
      }
      const entries = recent(address, now);
      const used = entries.reduce((sum, entry) => sum + entry.bytes, 0);
      if (used + bytes > bytesPerHour) {
        // Room opens when enough of this address's earliest files leave the window (never, for one file larger
        // than the share: it is refused for the whole window).
        let freed = 0;
        let opensAt = now + windowMs;
        for (const entry of entries) {
          freed += entry.bytes;
          if (used - freed + bytes <= bytesPerHour) {
            opensAt = entry.at + windowMs;
            break;
          }
        }
        return { ok: false, retryAfterSeconds: Math.min(windowMs / 1000, Math.max(1, Math.ceil((opensAt - now) / 1000))) };
      }
      const entry: Spent = { at: now, bytes };
      spent.set(address, [...entries, entry]);
      return {
        ok: true,
        release: () => {
          const left = (spent.get(address) ?? []).filter((kept) => kept !== entry);
          if (left.length === 0) spent.delete(address);
          else spent.set(address, left);
        },
      };
    },
    size: () => spent.size,
  };
}
