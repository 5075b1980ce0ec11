import { z } from 'zod';
import { banners, validateBannerDates } from '../../../schema/areas/banners';
import type { Schedule } from '../../components/ScheduleChip';
import { zodValidate } from '../../components/zodValidate';

export const PLACEMENT_LABELS: Record<string, string> = {
  homepage_top: 'Homepage – top',
  homepage_middle: 'Homepage – middle',
  sidebar: 'Sidebar',
  popup: 'Pop-up',
};

// zod runs an object's refinement only once its fields are valid; the date rule is also checked on its own, so
// 'End must be after start' shows while the title is still empty.
const datesOnly = z
  .object({ starts_at: banners.schema.shape.starts_at, ends_at: banners.schema.shape.ends_at })
  .superRefine(validateBannerDates);
const validateDates = zodValidate(datesOnly);
const validateBanner = zodValidate(banners.schema);

export const validate = (values: Record<string, unknown>) => ({ ...validateDates(values), ...validateBanner(values) });

// <input type="datetime-local"> speaks local time; the API compares instants, so the form keeps UTC ISO strings.
export const toInstant = (value: string | null | undefined) => {
  if (!value) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toISOString();
};

// The server's rule (server/areas/computed.ts, scheduleOf), for the form's preview before saving: a date without
// a time counts as that whole day.
export function scheduleOf(banner: { active?: unknown; starts_at?: unknown; ends_at?: unknown }, now = new Date()): Schedule {
  if (banner.active !== true) return 'inactive';
  const iso = now.toISOString();
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const end = text(banner.ends_at);
  if (end !== null && end < iso.slice(0, end.length)) return 'expired';
  const start = text(banner.starts_at);
  if (start !== null && start > iso.slice(0, start.length)) return 'upcoming';
  return 'live';
}
