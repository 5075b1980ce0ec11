import type { ResourceViews } from '../types';
import { HeroEdit } from './HeroEdit';

// A singleton shown on /dashboard itself: its `list` is the dashboard page, which edits the one record in place.
// The first screen after sign-in, so it ships with the console (loaded beside it) rather than a round trip later.
export const views: ResourceViews = {
  list: HeroEdit,
};
