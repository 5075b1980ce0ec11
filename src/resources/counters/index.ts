import type { ResourceViews } from '../types';
import { CounterCreate } from './CounterCreate';
import { CounterEdit } from './CounterEdit';
import { CounterList } from './CounterList';

export const views: ResourceViews = {
  list: CounterList,
  create: CounterCreate,
  edit: CounterEdit,
  labels: { name: 'Counter |||| Counters' },
};
