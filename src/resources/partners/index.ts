import type { ResourceViews } from '../types';
import { PartnerCreate } from './PartnerCreate';
import { PartnerEdit } from './PartnerEdit';
import { PartnerList } from './PartnerList';

export const views: ResourceViews = {
  list: PartnerList,
  create: PartnerCreate,
  edit: PartnerEdit,
  labels: { name: 'Partner |||| Partners' },
};
