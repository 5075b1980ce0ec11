import type { ResourceViews } from '../types';
import { ProjectEnquiryList } from './ProjectEnquiryList';
import { ProjectEnquiryShow } from './ProjectEnquiryShow';

// An inbox: enquiries arrive from the website, so there is no create or edit, only triage (issue #3).
export const views: ResourceViews = {
  list: ProjectEnquiryList,
  show: ProjectEnquiryShow,
  labels: { name: 'Project enquiry |||| Project enquiries' },
};
