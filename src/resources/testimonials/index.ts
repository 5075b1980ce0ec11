import type { ResourceViews } from '../types';

export const views: ResourceViews = {
  list: { load: () => import('./TestimonialList').then((module) => module.TestimonialList) },
  create: { load: () => import('./TestimonialCreate').then((module) => module.TestimonialCreate) },
  edit: { load: () => import('./TestimonialEdit').then((module) => module.TestimonialEdit) },
  labels: { name: 'Testimonial |||| Testimonials' },
};
