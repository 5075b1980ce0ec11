import type { Kysely, Migration } from 'kysely';
import { idColumn } from './columns';

// Sign-in throttling (issue #9): one row per failed sign-in, counted per account and per address by every instance
// on this database, so the limits hold behind a load balancer and across restarts. A success deletes its account's
// rows; rows older than the throttle can see are pruned (server/repositories/sign-in-attempts.ts).
export const signInAttempts: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sign_in_attempts')
      .addColumn('id', 'integer', idColumn(db))
      // The email as the users repository normalises it, known or not: unknown accounts are counted alike.
      .addColumn('account', 'text', (c) => c.notNull())
      // The client's address as Fastify computes it under TRUST_PROXY.
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('attempted_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sign_in_attempts_account_idx').on('sign_in_attempts').columns(['account', 'attempted_at']).execute();
    await db.schema.createIndex('sign_in_attempts_address_idx').on('sign_in_attempts').columns(['address', 'attempted_at']).execute();
    await db.schema.createIndex('sign_in_attempts_attempted_at_idx').on('sign_in_attempts').column('attempted_at').execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('sign_in_attempts').execute();
  },
};
