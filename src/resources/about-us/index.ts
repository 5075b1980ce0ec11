import type { ResourceViews } from '../types';
import { AboutUsEdit } from './AboutUsEdit';

// A singleton: the area's route edits its one record in place.
export const views: ResourceViews = {
  list: AboutUsEdit,
  labels: { name: 'About us section' },
};
