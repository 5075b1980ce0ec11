import { z } from 'zod';
import { defineArea, fields } from '../define';
import { PROJECT_CATEGORIES } from './projects';

export const PROJECT_TYPES = [...PROJECT_CATEGORIES, 'other'] as const;
// Ranges, not amounts: visitors answer faster, and the currency is the site's.
export const PROJECT_BUDGETS = ['under_100k', '100k_500k', '500k_1m', '1m_5m', 'over_5m', 'not_sure'] as const;
export const PROJECT_TIMELINES = [
  'asap',
  'within_3_months',
  '3_to_6_months',
  '6_to_12_months',
  'over_12_months',
  'flexible',
] as const;

// Project enquiries sent from the website (what its form submits); administrators read and triage them.
export const projectForm = defineArea({
  name: 'project-form',
  label: 'Project Form',
  recordLabel: 'full_name',
  icon: 'projectForm',
  group: 'forms',
  kind: 'inbox',
  schema: () =>
    z.object({
      full_name: fields.text('Full name', 120),
      email: fields.email('Email'),
      phone: fields.text('Phone', 40),
      company: fields.optionalText('Company', 150),
      project_type: fields.choice('Project type', PROJECT_TYPES),
      location: fields.text('Project location', 200),
      budget: fields.optionalChoice('Budget', PROJECT_BUDGETS),
      timeline: fields.optionalChoice('Timeline', PROJECT_TIMELINES),
      message: fields.text('Project details', 5000, { multiline: true }),
    }),
  search: ['full_name', 'email', 'company', 'location', 'message'],
  sort: ['full_name', 'project_type'],
  filters: ['project_type', 'budget'],
  defaultSort: ['created_at', 'DESC'],
});

export type ProjectEnquiry = z.infer<typeof projectForm.schema>;
