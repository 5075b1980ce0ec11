import { z } from 'zod';
import { defineArea, fields } from '../define';

// Client and supplier logos on the homepage, in the order set by drag and drop (issue #3).
export const partners = defineArea({
  name: 'partners',
  label: 'Partners Section',
  itemLabel: 'partner',
  recordLabel: 'name',
  icon: 'partners',
  group: 'homepage',
  kind: 'collection',
  ordered: true,
  schema: () =>
    z.object({
      name: fields.text('Name', 120),
      logo: fields.upload(),
      website: fields.url('Website'),
      active: fields.active('Shown on the website'),
    }),
  search: ['name'],
  sort: ['name'],
  filters: ['active'],
  defaultSort: ['position', 'ASC'],
  website: { fields: ['name', 'logo', 'website'], equals: { active: true } },
});

export type Partner = z.infer<typeof partners.schema>;
