import { z } from 'zod';
import { defineArea, fields } from '../define';

// Applications sent from the website's careers page; administrators read and triage them.
export const careersForm = defineArea({
  name: 'careers-form',
  label: 'Job Applications',
  recordLabel: 'full_name',
  icon: 'applications',
  group: 'forms',
  kind: 'inbox',
  schema: () =>
    z.object({
      career_id: fields.reference('Job posting', { area: 'careers', onDelete: 'keep', countAs: 'applications_count' }),
      full_name: fields.text('Full name', 120),
      email: fields.email('Email'),
      phone: fields.optionalText('Phone', 40),
      message: fields.optionalText('Cover letter', 5000, { multiline: true }),
      cv: fields.upload('CV'),
    }),
  search: ['full_name', 'email', 'message'],
  filters: ['career_id'],
  defaultSort: ['created_at', 'DESC'],
});

export type JobApplication = z.infer<typeof careersForm.schema>;
