import { z } from 'zod';
import { defineArea, fields } from '../define';

// "Last updated" on the website is the record's updated_at; the effective date is the legal one.
export const privacyPolicy = defineArea({
  name: 'privacy-policy',
  label: 'Privacy Policy',
  icon: 'privacy',
  group: 'company-pages',
  kind: 'singleton',
  schema: () =>
    z.object({
      title: fields.text('Title', 120),
      content: fields.html('Content'),
      effective_date: fields.date('Effective date'),
    }),
  richText: ['content'],
  website: { fields: ['title', 'content', 'effective_date'] },
});

export type PrivacyPolicy = z.infer<typeof privacyPolicy.schema>;
