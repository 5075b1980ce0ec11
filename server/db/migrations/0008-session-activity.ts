import { sql, type Kysely, type Migration } from 'kysely';

// Sessions (issue #9): when each token was last used, for the idle limit (SESSION_IDLE_MINUTES), and where it was
// signed in from, so a user can tell their sessions apart (GET /api/sessions) and end the ones they do not know.
export const sessionActivity: Migration = {
  async up(db: Kysely<any>) {
    // SQLite cannot add a NOT NULL column without a default. Every insert writes it (server/repositories/tokens.ts);
    // a row that somehow did not would count as idle since forever and be refused, never kept alive.
    await db.schema
      .alterTable('tokens')
      .addColumn('last_used_at', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    // Sessions signed in before this migration were last seen, as far as we know, when they began.
    await db.updateTable('tokens').set({ last_used_at: sql`created_at` }).execute();
    // The client's address as TRUST_PROXY lets Fastify read it, and its User-Agent (at most 300 characters).
    await db.schema.alterTable('tokens').addColumn('ip', 'text').execute();
    await db.schema.alterTable('tokens').addColumn('user_agent', 'text').execute();
  },

  async down(db: Kysely<any>) {
    for (const column of ['user_agent', 'ip', 'last_used_at']) await db.schema.alterTable('tokens').dropColumn(column).execute();
  },
};
