import type { ResourceViews } from '../types';

export const views: ResourceViews = {
  list: { load: () => import('./UserList').then((module) => module.UserList) },
  create: { load: () => import('./UserCreate').then((module) => module.UserCreate) },
  edit: { load: () => import('./UserEdit').then((module) => module.UserEdit) },
  labels: { name: 'User |||| Users' },
};
