import { z } from 'zod';
import { defineArea, fields } from '../define';

// Client quotes shown on the homepage, in the order set by drag and drop (issue #3).
export const testimonials = defineArea({
  name: 'testimonials',
  label: 'Testimonials',
  itemLabel: 'testimonial',
  recordLabel: 'name',
  icon: 'testimonials',
  group: 'homepage',
  kind: 'collection',
  ordered: true,
  schema: () =>
    z.object({
      name: fields.text('Name', 120),
      role: fields.optionalText('Role', 120),
      company: fields.optionalText('Company', 120),
      quote: fields.text('Quote', 1000, { multiline: true }),
      photo: fields.upload(),
      rating: fields.integer('Rating', 1, 5).default(5),
      active: fields.active('Shown on the website'),
    }),
  search: ['name', 'company', 'quote'],
  sort: ['name', 'company', 'rating'],
  filters: ['active'],
  defaultSort: ['position', 'ASC'],
  website: { fields: ['name', 'role', 'company', 'quote', 'photo', 'rating'], equals: { active: true } },
});

export type Testimonial = z.infer<typeof testimonials.schema>;
