// A user's own sessions (issue #9): what GET /api/sessions answers and the console shows. No token, no hash.
import { z } from 'zod';

export const sessionSchema = z
  .object({
    id: z.number().int(),
    created_at: z.string().describe('When the session was signed in.'),
    last_used_at: z.string().describe('When a request last used it, to the minute.'),
    expires_at: z.string().describe('When it ends whatever happens (TOKEN_TTL_HOURS after sign-in).'),
    ip: z.string().nullable().describe('The address it was signed in from.'),
    user_agent: z.string().nullable().describe('The browser it was signed in with, as it named itself (at most 300 characters).'),
    current: z.boolean().describe('Whether this is the session making the request.'),
  })
  .meta({ id: 'Session' });

export type SessionInfo = z.infer<typeof sessionSchema>;

export const signOutOthersSchema = z.object({ ended: z.number().int().describe('How many other sessions were ended.') });

export const SESSION_NOT_FOUND = 'You have no session with this id.';
