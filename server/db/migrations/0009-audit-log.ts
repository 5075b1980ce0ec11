import type { Kysely, Migration } from 'kysely';
import { idColumn } from './columns';

// The audit log (issue #9): who did what, when, from where. No foreign key on user_id: an entry outlives its user,
// who stays named by user_name. Never a password, a hash or a token (docs/security.md, "Audit log").
export const auditLog: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'integer', idColumn(db))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('user_name', 'text')
      // 'sign-in', 'sign-in-failed', 'sign-out', 'password-change', 'password-reset', 'create', 'update', 'delete'
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('area', 'text')
      .addColumn('record_id', 'integer')
      .addColumn('record_label', 'text')
      // JSON array of the names of the fields a write set or changed: names only, never values.
      .addColumn('fields', 'text')
      .addColumn('ip', 'text')
      // The email a sign-in was attempted with (personal data, not a secret).
      .addColumn('email', 'text')
      .execute();
    await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
    await db.schema.createIndex('audit_log_area_idx').on('audit_log').columns(['area', 'at']).execute();
    await db.schema.createIndex('audit_log_user_idx').on('audit_log').columns(['user_id', 'at']).execute();
    await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'at']).execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('audit_log').execute();
  },
};
