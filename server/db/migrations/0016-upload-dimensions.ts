import type { Kysely, Migration } from 'kysely';
import { shownDimensions } from '../../image-dimensions';

// An image's width and height in pixels, read from its header when it is uploaded (server/image-dimensions.ts), so
// that the website can give every <img> its size and the page does not jump as images arrive (layout shift). Null
// for a document. Images stored before this migration are measured here, a batch of rows at a time.
export const BACKFILL_BATCH = 50;

export const uploadDimensions: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('uploads').addColumn('width', 'integer').execute();
    await db.schema.alterTable('uploads').addColumn('height', 'integer').execute();
    let after = '';
    for (;;) {
      const rows: { id: string; mime: string; data: Uint8Array }[] = await db
        .selectFrom('uploads')
        .select(['id', 'mime', 'data'])
        .where('kind', '=', 'image')
        .where('id', '>', after)
        .orderBy('id')
        .limit(BACKFILL_BATCH)
        .execute();
      for (const row of rows) {
        const size = shownDimensions(Buffer.from(row.data), row.mime);
        if (size) await db.updateTable('uploads').set({ width: size.width, height: size.height }).where('id', '=', row.id).execute();
      }
      if (rows.length < BACKFILL_BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
  },

  async down(db: Kysely<any>) {
    await db.schema.alterTable('uploads').dropColumn('height').execute();
    await db.schema.alterTable('uploads').dropColumn('width').execute();
  },
};
