import { SortableListEdit } from '../../components/SortableList';
import { FeatureForm } from './FeatureForm';

export function FeatureEdit() {
  return (
    <SortableListEdit>
      <FeatureForm />
    </SortableListEdit>
  );
}
