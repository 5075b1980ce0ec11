import type { ResourceViews } from '../types';

// A singleton: the area's route edits its one record in place.
export const views: ResourceViews = {
  list: { load: () => import('./ContactUsEdit').then((module) => module.ContactUsEdit) },
  labels: { name: 'Contact information' },
};
