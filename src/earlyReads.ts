// Issue #10: what a signed-in start reads before the console's script has come: who is signed in (the header of every
// screen) and, on the dashboard, its record. index.html's inline script starts them as the page is parsed (vite.config.ts
// writes this table into it at build time), the sign-in page's script takes them over (src/App.tsx, src/httpClient.ts),
// and the console's own requests take their answers. The inline script cannot import this module: it reads the table.
import { IDENTITY_URL } from './authProvider';
import { DASHBOARD_RECORD_URL, DASHBOARD_URL } from './dashboardArea';

/** The addresses read early, by the page's path (without a trailing slash); '*' for any other page of the console. */
export const EARLY_READS: Readonly<Record<string, readonly string[]>> = {
  '*': [IDENTITY_URL],
  [DASHBOARD_URL]: [IDENTITY_URL, DASHBOARD_RECORD_URL],
};

/** Where index.html's inline script leaves the reads it started, by address (a window property). */
export const EARLY_RESPONSES_GLOBAL = '__cornerstoneEarlyResponses';

/** A read index.html's inline script started: its response, the token it was sent with, and when (Date.now()). */
export interface StartedRead {
  response: Promise<Response>;
  token: string;
  at: number;
}

export const earlyReadsOf = (pathname: string): readonly string[] =>
  EARLY_READS[pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname] ?? EARLY_READS['*'] ?? [];

/** The read index.html's inline script started for `url`, taken (each is taken once). */
export function takeStartedRead(url: string): StartedRead | undefined {
  const started = (window as unknown as Record<string, Record<string, StartedRead> | undefined>)[EARLY_RESPONSES_GLOBAL];
  const read = started?.[url];
  if (started) delete started[url];
  return read;
}
