import { SelectInput } from 'react-admin';
import { projectForm } from '../../../schema/areas/project-form';
import { InboxList } from '../../components/InboxList';
import { budgetChoices, projectTypeChoices, projectTypeLabel } from './choices';

const filters = [
  <SelectInput key="project_type" source="project_type" choices={projectTypeChoices} emptyText="Any type" />,
  <SelectInput key="budget" source="budget" choices={budgetChoices} emptyText="Any budget" />,
];

export function ProjectEnquiryList() {
  return (
    <InboxList
      declaration={projectForm}
      description="Project enquiries from the website. Follow each one up and keep the team's notes with it."
      topic={{ source: 'project_type', render: (record) => projectTypeLabel(record.project_type) || '—' }}
      filters={filters}
    />
  );
}
