import { z } from 'zod';
import { BANNER_PLACEMENTS, BANNER_SCHEDULE, banners, validateBannerDates } from '../../../schema/areas/banners';
import { choicesOf } from '../../../schema/labels';
import { scheduleOf, type Schedule } from '../../../schema/schedule';
import { zodValidate } from '../../components/zodValidate';

// How the console words each declared placement.
export const PLACEMENT_LABELS: Record<(typeof BANNER_PLACEMENTS)[number], string> = {
  homepage_top: 'Homepage – top',
  homepage_middle: 'Homepage – middle',
  sidebar: 'Sidebar',
  popup: 'Pop-up',
};
export const placementChoices = choicesOf(banners, 'placement', PLACEMENT_LABELS);
export const placementLabel = (value: string) => PLACEMENT_LABELS[value as keyof typeof PLACEMENT_LABELS] ?? value;

// zod runs an object's refinement only once its fields are valid; the date rule is also checked on its own, so
// 'End must be after start' shows while the title is still empty.
const datesOnly = z
  .object({ starts_at: banners.schema.shape.starts_at, ends_at: banners.schema.shape.ends_at })
  .superRefine(validateBannerDates);
const validateDates = zodValidate(datesOnly);
const validateBanner = zodValidate(banners.schema);

export const validate = (values: Record<string, unknown>) => ({ ...validateDates(values), ...validateBanner(values) });

// The API's rule (schema/schedule.ts), for the form's preview before saving.
export const bannerScheduleOf = (banner: Record<string, unknown>, now = new Date()): Schedule =>
  scheduleOf(banner, BANNER_SCHEDULE, now);
