import { AutocompleteInput, ReferenceField, ReferenceInput } from 'react-admin';
import { careersForm } from '../../../schema/areas/careers-form';
import { InboxList } from '../../components/InboxList';

const filters = [
  <ReferenceInput key="career_id" source="career_id" reference="careers" sort={{ field: 'title', order: 'ASC' }}>
    <AutocompleteInput optionText="title" sx={{ minWidth: 240 }} />
  </ReferenceInput>,
];

export function JobApplicationList() {
  return (
    <InboxList
      declaration={careersForm}
      description="Applications sent from the careers page. Open one to read it, download the CV and move it along."
      topic={{
        source: 'career_id',
        render: () => <ReferenceField source="career_id" reference="careers" link={false} emptyText="General application" />,
      }}
      filters={filters}
    />
  );
}
