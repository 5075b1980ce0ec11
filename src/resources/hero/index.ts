import type { ResourceViews } from '../types';
import { HeroEdit } from './HeroEdit';

// A singleton shown on /dashboard itself: its `list` is the dashboard page, which edits the one record in place.
export const views: ResourceViews = {
  list: HeroEdit,
};
