import type { ResourceViews } from '../types';
import { TestimonialCreate } from './TestimonialCreate';
import { TestimonialEdit } from './TestimonialEdit';
import { TestimonialList } from './TestimonialList';

export const views: ResourceViews = {
  list: TestimonialList,
  create: TestimonialCreate,
  edit: TestimonialEdit,
  labels: { name: 'Testimonial |||| Testimonials' },
};
