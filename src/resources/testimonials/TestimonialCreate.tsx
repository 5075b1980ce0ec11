import { SortableListCreate } from '../../components/SortableList';
import { TestimonialForm } from './TestimonialForm';

export function TestimonialCreate() {
  return (
    <SortableListCreate description="New testimonials are added at the end of the list.">
      <TestimonialForm />
    </SortableListCreate>
  );
}
