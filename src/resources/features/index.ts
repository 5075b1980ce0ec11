import type { ResourceViews } from '../types';

export const views: ResourceViews = {
  list: { load: () => import('./FeatureList').then((module) => module.FeatureList) },
  create: { load: () => import('./FeatureCreate').then((module) => module.FeatureCreate) },
  edit: { load: () => import('./FeatureEdit').then((module) => module.FeatureEdit) },
  labels: { name: 'Feature |||| Features' },
};
