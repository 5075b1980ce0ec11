// The signed-in user's sessions (server/routes/sessions.ts), through the one HTTP client.
import type { SessionInfo } from '../../schema/sessions';
import { apiUrl, httpClient } from '../httpClient';

export const SESSIONS_KEY = ['sessions'] as const;

export async function fetchSessions(): Promise<SessionInfo[]> {
  const { json } = await httpClient(apiUrl('sessions'));
  return Array.isArray(json) ? (json as SessionInfo[]) : [];
}

export async function endSession(id: number): Promise<void> {
  await httpClient(apiUrl(`sessions/${id}`), { method: 'DELETE' });
}

/** Ends every other session of this user; answers how many ended. */
export async function endOtherSessions(): Promise<number> {
  const { json } = await httpClient(apiUrl('sessions/sign-out-others'), { method: 'POST' });
  return Number((json as { ended?: unknown } | undefined)?.ended ?? 0);
}
