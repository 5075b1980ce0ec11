import type { ResourceViews } from '../types';

export const views: ResourceViews = {
  list: { load: () => import('./PartnerList').then((module) => module.PartnerList) },
  create: { load: () => import('./PartnerCreate').then((module) => module.PartnerCreate) },
  edit: { load: () => import('./PartnerEdit').then((module) => module.PartnerEdit) },
  labels: { name: 'Partner |||| Partners' },
};
