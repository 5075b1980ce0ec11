import { z } from 'zod';
import { defineArea, fields } from '../define';

// The short "About us" block of the homepage; the full page is about-page.
export const aboutUs = defineArea({
  name: 'about-us',
  label: 'About Us Section',
  icon: 'about',
  group: 'website-management',
  kind: 'singleton',
  schema: () =>
    z.object({
      title: fields.text('Title', 120),
      subtitle: fields.optionalText('Subtitle', 300, { multiline: true }),
      // Plain text (paragraphs separated by blank lines): a homepage teaser, not a page.
      body: fields.optionalText('Text', 3000, { multiline: true }),
      image: fields.upload(),
      highlights: fields.list('Highlights', 8, 120),
      cta_text: fields.optionalText('Button text', 40),
      cta_link: fields.url('Button link'),
    }),
  website: { fields: ['title', 'subtitle', 'body', 'image', 'highlights', 'cta_text', 'cta_link'] },
});

export type AboutUs = z.infer<typeof aboutUs.schema>;
