import { PROJECT_BUDGETS, PROJECT_TIMELINES, PROJECT_TYPES } from '../../../schema/areas/project-form';

// How the website's enquiry form words its choices; the API stores the keys.
const TYPE_LABELS: Record<string, string> = { other: 'Other' };
const BUDGET_LABELS: Record<(typeof PROJECT_BUDGETS)[number], string> = {
  under_100k: 'Under 100k',
  '100k_500k': '100k – 500k',
  '500k_1m': '500k – 1M',
  '1m_5m': '1M – 5M',
  over_5m: 'Over 5M',
  not_sure: 'Not sure yet',
};
const TIMELINE_LABELS: Record<(typeof PROJECT_TIMELINES)[number], string> = {
  asap: 'As soon as possible',
  within_3_months: 'Within 3 months',
  '3_to_6_months': '3 to 6 months',
  '6_to_12_months': '6 to 12 months',
  over_12_months: 'More than 12 months',
  flexible: 'Flexible',
};

const humanize = (value: string) => {
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const projectTypeLabel = (value: unknown): string =>
  typeof value === 'string' ? (TYPE_LABELS[value] ?? humanize(value)) : '';
export const budgetLabel = (value: unknown): string =>
  typeof value === 'string' ? (BUDGET_LABELS[value as keyof typeof BUDGET_LABELS] ?? value) : '';
export const timelineLabel = (value: unknown): string =>
  typeof value === 'string' ? (TIMELINE_LABELS[value as keyof typeof TIMELINE_LABELS] ?? value) : '';

export const projectTypeChoices = PROJECT_TYPES.map((id) => ({ id, name: projectTypeLabel(id) }));
export const budgetChoices = PROJECT_BUDGETS.map((id) => ({ id, name: budgetLabel(id) }));
