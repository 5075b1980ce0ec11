// The rule lives in schema/slug.ts, shared with the console's slug preview; kept here for server/areas/records.ts.
export { SLUG_MAX_LENGTH, slugCandidate, slugify } from '../../schema/slug';
