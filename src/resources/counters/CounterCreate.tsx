import { SortableListCreate } from '../../components/SortableList';
import { CounterForm } from './CounterForm';

export function CounterCreate() {
  return (
    <SortableListCreate description="New counters are added at the end of the row.">
      <CounterForm />
    </SortableListCreate>
  );
}
