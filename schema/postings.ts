// Whether a job posting takes applications: the API refuses an application to any other (POST
// /api/public/careers-form). Exactly the postings the website lists: the careers area's website view decides
// (schema/website.ts), so the two can never disagree.
import { careers } from './areas/careers';
import { isVisible } from './website';

const view = careers.website;
if (!view) throw new Error('careers declares no website view: the website could not list postings to apply to');

/** Open: published and due, status 'open', not past its closing date (that whole UTC day still counts). */
export const isPostingOpen = (posting: Record<string, unknown>, now: Date): boolean => isVisible(view, posting, now);
