import type { ResourceViews } from '../types';

export const views: ResourceViews = {
  list: { load: () => import('./CounterList').then((module) => module.CounterList) },
  create: { load: () => import('./CounterCreate').then((module) => module.CounterCreate) },
  edit: { load: () => import('./CounterEdit').then((module) => module.CounterEdit) },
  labels: { name: 'Counter |||| Counters' },
};
