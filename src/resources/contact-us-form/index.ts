import type { ResourceViews } from '../types';
import { ContactMessageList } from './ContactMessageList';
import { ContactMessageShow } from './ContactMessageShow';

// An inbox: messages arrive from the website, so there is no create or edit, only triage (issue #3).
export const views: ResourceViews = {
  list: ContactMessageList,
  show: ContactMessageShow,
  labels: { name: 'Contact message |||| Contact messages' },
};
