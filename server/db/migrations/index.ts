import type { Migration } from 'kysely';
import { usersAndTokens } from './0001-users-and-tokens';

// Kysely runs these in name order; never rename or edit one that has shipped, add a new one.
export const migrations: Record<string, Migration> = {
  '0001_users_and_tokens': usersAndTokens,
};
