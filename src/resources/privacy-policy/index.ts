import type { ResourceViews } from '../types';

// A singleton: the area's route edits its one record in place.
export const views: ResourceViews = {
  list: { load: () => import('./PrivacyPolicyEdit').then((module) => module.PrivacyPolicyEdit) },
  labels: { name: 'Privacy policy' },
};
