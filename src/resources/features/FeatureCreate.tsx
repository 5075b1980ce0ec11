import { SortableListCreate } from '../../components/SortableList';
import { FeatureForm } from './FeatureForm';

export function FeatureCreate() {
  return (
    <SortableListCreate description="New features are added at the end of the list.">
      <FeatureForm />
    </SortableListCreate>
  );
}
