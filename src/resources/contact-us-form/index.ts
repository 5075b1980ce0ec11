import type { ResourceViews } from '../types';

// An inbox: messages arrive from the website, so there is no create or edit, only triage (issue #3).
export const views: ResourceViews = {
  list: { load: () => import('./ContactMessageList').then((module) => module.ContactMessageList) },
  show: { load: () => import('./ContactMessageShow').then((module) => module.ContactMessageShow) },
  labels: { name: 'Contact message |||| Contact messages' },
};
