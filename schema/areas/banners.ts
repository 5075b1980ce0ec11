import { z } from 'zod';
import { defineArea, fields } from '../define';
import type { ScheduleFields } from '../schedule';

export const BANNER_PLACEMENTS = ['homepage_top', 'homepage_middle', 'sidebar', 'popup'] as const;

export const BANNER_END_BEFORE_START = 'End must be after start';

// A banner without dates is shown whenever it is active; with both, the end must come after the start.
// Exported so a caller validating part of a banner can apply the rule itself.
export const validateBannerDates = (
  banner: { starts_at?: string | null; ends_at?: string | null },
  ctx: z.RefinementCtx,
): void => {
  if (!banner.starts_at || !banner.ends_at) return;
  if (Date.parse(banner.ends_at) <= Date.parse(banner.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: BANNER_END_BEFORE_START });
  }
};

// What a banner's schedule (schema/schedule.ts) is computed from.
export const BANNER_SCHEDULE: ScheduleFields = { active: 'active', start: 'starts_at', end: 'ends_at' };

export const banners = defineArea({
  name: 'banners',
  label: 'Banners & Promotions',
  itemLabel: 'banner',
  recordLabel: 'title',
  icon: 'banners',
  group: 'content-management',
  kind: 'collection',
  // The refinement keeps the type a ZodObject, but zod refuses .partial()/.pick()/.omit() on it at run time;
  // use .safeExtend() to add fields.
  schema: () =>
    z
      .object({
        title: fields.text('Title', 120),
        subtitle: fields.optionalText('Subtitle', 300, { multiline: true }),
        image: fields.upload(),
        link: fields.url('Link'),
        button_text: fields.optionalText('Button text', 40),
        placement: fields.choice('Placement', BANNER_PLACEMENTS),
        starts_at: fields.date('Start'),
        ends_at: fields.date('End', { description: `After Start, when both are given ("${BANNER_END_BEFORE_START}").` }),
        active: fields.active(),
      })
      .superRefine(validateBannerDates),
  search: ['title', 'subtitle'],
  sort: ['title', 'starts_at', 'ends_at'],
  filters: ['placement', 'active'],
  defaultSort: ['created_at', 'DESC'],
  // Only what is live now, where the website asks for it (`?placement=`).
  website: {
    fields: ['title', 'subtitle', 'image', 'link', 'button_text', 'placement', 'starts_at', 'ends_at'],
    schedule: BANNER_SCHEDULE,
    filters: { placement: 'placement' },
  },
});

export type Banner = z.infer<typeof banners.schema>;
