import { createHash } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';
import { withoutLocation } from '../../image-location';

// Images stored before their metadata was kept by allow-list (server/image-location.ts) still hold what their
// camera or phone wrote: a position, a serial number, an owner's name. docs/security.md promises that a photo's
// position is not published: each such image is rebuilt here as a new upload would be, the picture's own bytes, its
// colour profile and orientation kept. An image whose structure cannot be walked is left as it is (a new one like it is
// refused; an old one is not thrown away), and so is every document. The ids are read a batch at a time and each
// image's bytes one at a time, so memory holds one image, not a batch of them.
export const METADATA_BATCH = 200;

export const imageMetadata: Migration = {
  async up(db: Kysely<any>) {
    let after = '';
    for (;;) {
      const ids: { id: string }[] = await db
        .selectFrom('uploads')
        .select('id')
        .where('kind', '=', 'image')
        .where('id', '>', after)
        .orderBy('id')
        .limit(METADATA_BATCH)
        .execute();
      for (const { id } of ids) {
        const row: { mime: string; data: Uint8Array } | undefined = await db.selectFrom('uploads').select(['mime', 'data']).where('id', '=', id).executeTakeFirst();
        if (!row) continue;
        const bytes = Buffer.from(row.data);
        const kept = withoutLocation(bytes, row.mime);
        if (!kept || kept.equals(bytes)) continue;
        await db
          .updateTable('uploads')
          .set({ data: kept, size: kept.length, sha256: createHash('sha256').update(kept).digest('hex') })
          .where('id', '=', id)
          .execute();
      }
      if (ids.length < METADATA_BATCH) break;
      after = ids[ids.length - 1]!.id;
    }
  },

  // What was dropped is gone: down leaves the images as they are.
  async down() {},
};
