import type { ResourceViews } from '../types';
import { HeroEdit } from './HeroEdit';

// A singleton shown on /dashboard itself: its `list` is the dashboard page, which edits the one record in place.
export const views: ResourceViews = {
  list: HeroEdit,
  labels: {
    name: 'Hero Section',
    fields: {
      headline: 'Headline',
      subheadline: 'Sub-headline',
      background_image: 'Background image',
      cta_text: 'Button text',
      cta_link: 'Button link',
    },
  },
};
