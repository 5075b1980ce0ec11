import { SortableListEdit } from '../../components/SortableList';
import { TestimonialForm } from './TestimonialForm';

export function TestimonialEdit() {
  return (
    <SortableListEdit>
      <TestimonialForm />
    </SortableListEdit>
  );
}
