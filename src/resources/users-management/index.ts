import type { ResourceViews } from '../types';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';

export const views: ResourceViews = {
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  labels: {
    name: 'User |||| Users',
    fields: { name: 'Full name', created_at: 'Created', updated_at: 'Updated' },
  },
};
