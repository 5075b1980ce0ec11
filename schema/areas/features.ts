import { z } from 'zod';
import { defineArea, fields } from '../define';

export const features = defineArea({
  name: 'features',
  label: 'Features Section',
  itemLabel: 'feature',
  recordLabel: 'title',
  icon: 'features',
  group: 'homepage',
  kind: 'collection',
  ordered: true,
  schema: () =>
    z.object({
      title: fields.text('Title', 100),
      description: fields.optionalText('Description', 500, { multiline: true }),
      icon: fields.optionalText('Icon', 60),
      active: fields.active('Shown on the website'),
    }),
  search: ['title', 'description'],
  sort: ['title'],
  filters: ['active'],
  defaultSort: ['position', 'ASC'],
  // Switched-off features stay in the console only.
  website: { fields: ['title', 'description', 'icon'], equals: { active: true } },
});

export type Feature = z.infer<typeof features.schema>;
