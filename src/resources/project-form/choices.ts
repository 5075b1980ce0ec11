import { PROJECT_BUDGETS, PROJECT_TIMELINES, projectForm } from '../../../schema/areas/project-form';
import { humanizeName } from '../../../schema/define';
import { choicesOf } from '../../../schema/labels';

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

const wordedBy =
  (wording: Readonly<Record<string, string>>, fallback: (value: string) => string = (value) => value) =>
  (value: unknown): string =>
    typeof value === 'string' ? (wording[value] ?? fallback(value)) : '';

export const projectTypeLabel = wordedBy(TYPE_LABELS, humanizeName);
export const budgetLabel = wordedBy(BUDGET_LABELS);
export const timelineLabel = wordedBy(TIMELINE_LABELS);

export const projectTypeChoices = choicesOf(projectForm, 'project_type', TYPE_LABELS);
export const budgetChoices = choicesOf(projectForm, 'budget', BUDGET_LABELS);
