import type { ResourceViews } from '../types';
import { FeatureCreate } from './FeatureCreate';
import { FeatureEdit } from './FeatureEdit';
import { FeatureList } from './FeatureList';

export const views: ResourceViews = {
  list: FeatureList,
  create: FeatureCreate,
  edit: FeatureEdit,
  labels: { name: 'Feature |||| Features' },
};
