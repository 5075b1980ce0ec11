import type { ResourceViews } from '../types';

// A singleton: the area's route edits its one record in place.
export const views: ResourceViews = {
  list: { load: () => import('./AboutPageEdit').then((module) => module.AboutPageEdit) },
  labels: { name: 'About page' },
};
