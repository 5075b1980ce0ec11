import type { ResourceViews } from '../types';
import { ContactUsEdit } from './ContactUsEdit';

// A singleton: the area's route edits its one record in place.
export const views: ResourceViews = {
  list: ContactUsEdit,
  labels: { name: 'Contact information' },
};
