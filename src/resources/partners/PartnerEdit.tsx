import { SortableListEdit } from '../../components/SortableList';
import { PartnerForm } from './PartnerForm';

export function PartnerEdit() {
  return (
    <SortableListEdit>
      <PartnerForm />
    </SortableListEdit>
  );
}
