import type { ResourceViews } from '../types';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';

export const views: ResourceViews = {
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  labels: { name: 'User |||| Users' },
};
