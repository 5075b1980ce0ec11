import type { Kysely, Migration } from 'kysely';
import { idColumn } from './columns';

export const usersAndTokens: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'integer', idColumn(db))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('tokens')
      .addColumn('id', 'integer', idColumn(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema.createIndex('tokens_user_id_idx').on('tokens').column('user_id').execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('tokens').execute();
    await db.schema.dropTable('users').execute();
  },
};
