import { z } from 'zod';
import { defineArea, fields } from '../define';

// Search engines show about 60 characters of a title and 160 of a description (issue #3 counters).
export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MAX = 160;

// One entry per page of the website, found by its path.
export const seo = defineArea({
  name: 'seo',
  label: 'SEO Management',
  itemLabel: 'SEO entry',
  recordLabel: 'path',
  icon: 'seo',
  group: 'website-tools',
  kind: 'collection',
  schema: () =>
    z.object({
      path: fields
        .text('Path', 300)
        // One way to write each path: "/über" typed as u + U+0308 is the same entry as with ü (NFC, as browsers
        // send what is typed); two entries that look the same were accepted (an outside probe). The website's
        // ?path= is read the same way (server/routes/public-content.ts).
        .overwrite((value) => value.normalize('NFC'))
        .regex(/^(\/\S*)?$/, { error: 'Path must start with / and contain no spaces' }),
      meta_title: fields.text('Meta title', META_TITLE_MAX),
      meta_description: fields.optionalText('Meta description', META_DESCRIPTION_MAX, { multiline: true }),
      share_image: fields.upload(),
      canonical_url: fields.url('Canonical URL'),
      noindex: fields.boolean('Hide from search engines (noindex)'),
    }),
  search: ['path', 'meta_title'],
  sort: ['path', 'meta_title'],
  filters: ['noindex'],
  defaultSort: ['path', 'ASC'],
  unique: ['path'],
  // Every entry (a site builds its <head> from them), or one by `?path=/about`.
  website: {
    fields: ['path', 'meta_title', 'meta_description', 'share_image', 'canonical_url', 'noindex'],
    lookup: { param: 'path', field: 'path' },
  },
});

export type SeoEntry = z.infer<typeof seo.schema>;
