import { SortableListEdit } from '../../components/SortableList';
import { CounterForm } from './CounterForm';

export function CounterEdit() {
  return (
    <SortableListEdit>
      <CounterForm />
    </SortableListEdit>
  );
}
