import type { ResourceViews } from '../types';
import { PrivacyPolicyEdit } from './PrivacyPolicyEdit';

// A singleton: the area's route edits its one record in place.
export const views: ResourceViews = {
  list: PrivacyPolicyEdit,
  labels: { name: 'Privacy policy' },
};
