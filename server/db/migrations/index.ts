import type { Migration } from 'kysely';
import { usersAndTokens } from './0001-users-and-tokens';
import { records } from './0002-records';
import { uploads } from './0003-uploads';

// Kysely runs these in name order; never rename or edit one that has shipped, add a new one.
export const migrations: Record<string, Migration> = {
  '0001_users_and_tokens': usersAndTokens,
  '0002_records': records,
  '0003_uploads': uploads,
};
