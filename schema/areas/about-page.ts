import { z } from 'zod';
import { defineArea, fields } from '../define';

// The website's full About page; the homepage teaser is about-us.
export const aboutPage = defineArea({
  name: 'about-page',
  label: 'About Page (Full)',
  icon: 'aboutPage',
  group: 'company-pages',
  kind: 'singleton',
  schema: () =>
    z.object({
      title: fields.text('Title', 120),
      content: fields.html('Content'),
      mission: fields.optionalText('Mission', 1000, { multiline: true }),
      vision: fields.optionalText('Vision', 1000, { multiline: true }),
      values: fields.list('Values', 12, 120),
      team_images: fields.uploads('Team images', 30),
    }),
  richText: ['content'],
  website: { fields: ['title', 'content', 'mission', 'vision', 'values', 'team_images'] },
});

export type AboutPage = z.infer<typeof aboutPage.schema>;
