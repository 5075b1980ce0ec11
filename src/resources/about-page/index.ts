import type { ResourceViews } from '../types';
import { AboutPageEdit } from './AboutPageEdit';

// A singleton: the area's route edits its one record in place.
export const views: ResourceViews = {
  list: AboutPageEdit,
  labels: { name: 'About page' },
};
