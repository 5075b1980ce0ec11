import type { ResourceViews } from '../types';

// A singleton: the area's route edits its one record in place.
export const views: ResourceViews = {
  list: { load: () => import('./AboutUsEdit').then((module) => module.AboutUsEdit) },
  labels: { name: 'About us section' },
};
