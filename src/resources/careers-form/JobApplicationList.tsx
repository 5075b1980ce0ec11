import { AutocompleteInput, ReferenceInput } from 'react-admin';
import { careersForm } from '../../../schema/areas/careers-form';
import { DeclaredReferenceField, declaredReference } from '../../components/DeclaredReferenceField';
import { InboxList } from '../../components/InboxList';

const posting = declaredReference(careersForm, 'career_id');

const filters = [
  <ReferenceInput key="career_id" source="career_id" reference={posting.reference} sort={{ field: posting.recordLabel, order: 'ASC' }}>
    <AutocompleteInput optionText={posting.recordLabel} sx={{ minWidth: 240 }} />
  </ReferenceInput>,
];

export function JobApplicationList() {
  return (
    <InboxList
      declaration={careersForm}
      description="Applications sent from the careers page. Open one to read it, download the CV and move it along."
      topic={{
        source: 'career_id',
        render: () => <DeclaredReferenceField area={careersForm} source="career_id" link={false} emptyText="General application" />,
      }}
      filters={filters}
    />
  );
}
