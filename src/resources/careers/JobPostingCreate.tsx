import { CreateBase } from 'react-admin';
import { careers } from '../../../schema/areas/careers';
import { newRecordLabel, PageHeader } from '../../components/PageHeader';
import { JobPostingForm } from './JobPostingForm';

export function JobPostingCreate() {
  return (
    <CreateBase redirect="edit">
      <PageHeader title={newRecordLabel(careers)} back />
      <JobPostingForm create />
    </CreateBase>
  );
}
