import { CreateBase } from 'react-admin';
import { projects } from '../../../schema/areas/projects';
import { newRecordLabel, PageHeader } from '../../components/PageHeader';
import { ProjectForm } from './ProjectForm';

export function ProjectCreate() {
  return (
    <CreateBase redirect="edit">
      <PageHeader title={newRecordLabel(projects)} back />
      <ProjectForm create />
    </CreateBase>
  );
}
