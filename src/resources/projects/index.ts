import type { ResourceViews } from '../types';
import { ProjectCreate } from './ProjectCreate';
import { ProjectEdit } from './ProjectEdit';
import { ProjectList } from './ProjectList';

export const views: ResourceViews = {
  list: ProjectList,
  create: ProjectCreate,
  edit: ProjectEdit,
  labels: { name: 'Project |||| Projects' },
};
