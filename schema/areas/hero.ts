import { z } from 'zod';
import { defineArea, fields } from '../define';

// The homepage's opening banner (issue #3); lives at /dashboard itself (SPEC §2).
export const hero = defineArea({
  name: 'hero',
  label: 'Hero Section',
  icon: 'hero',
  group: 'homepage',
  kind: 'singleton',
  schema: () =>
    z.object({
      headline: fields.text('Headline', 120),
      subheadline: fields.optionalText('Sub-headline', 300, { multiline: true }),
      background_image: fields.upload(),
      cta_text: fields.optionalText('Button text', 40),
      cta_link: fields.url('Button link'),
    }),
  website: { fields: ['headline', 'subheadline', 'background_image', 'cta_text', 'cta_link'] },
});

export type HeroSection = z.infer<typeof hero.schema>;
