import { SortableListCreate } from '../../components/SortableList';
import { PartnerForm } from './PartnerForm';

export function PartnerCreate() {
  return (
    <SortableListCreate description="New partners are added at the end of the logo strip.">
      <PartnerForm />
    </SortableListCreate>
  );
}
