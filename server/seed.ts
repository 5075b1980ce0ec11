import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { areas as declaredAreas } from '../schema/areas';
import { sampleReferences, samples as sampleRecords, type SampleReference } from '../schema/areas/samples';
import type { AreaDeclaration } from '../schema/define';
import { USERS_AREA, buildAreaModels, type AreaModel } from './areas/model';
import { createRecord, createSubmission, fieldErrors, putSingleton, type ApiRecord } from './areas/records';
import type { Config } from './config';
import { dialectOf } from './db/dialect';
import { unhurried } from './db/postgres-sessions';
import type { Database } from './db/types';
import { hashPassword } from './passwords';
import { hasAnyRecord } from './repositories/records';
import { createUser, hasAnyUser } from './repositories/users';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export type AdminBootstrap =
  /** Users already exist; nothing was done. */
  | { created: false }
  /** The first admin was created from ADMIN_EMAIL / ADMIN_PASSWORD. */
  | { created: true; email: string; generatedPassword?: undefined }
  /** No ADMIN_* given: the password was generated and must be shown once, it is not stored anywhere else. */
  | { created: true; email: string; generatedPassword: string };

/** Creates the first administrator when the users table is empty. */
export async function ensureAdmin(
  db: Kysely<Database>,
  config: Pick<Config, 'adminEmail' | 'adminPassword' | 'adminName'>,
): Promise<AdminBootstrap> {
  if (await hasAnyUser(db)) return { created: false };

  const { adminEmail, adminPassword, adminName } = config;
  if (adminEmail && adminPassword) {
    await createUser(db, { name: adminName, email: adminEmail, passwordHash: await hashPassword(adminPassword) });
    return { created: true, email: adminEmail };
  }
  const generatedPassword = randomBytes(18).toString('base64url'); // 24 characters
  await createUser(db, { name: adminName, email: DEFAULT_ADMIN_EMAIL, passwordHash: await hashPassword(generatedPassword) });
  return { created: true, email: DEFAULT_ADMIN_EMAIL, generatedPassword };
}

export type SampleRecords = Readonly<Record<string, readonly Record<string, unknown>[]>>;

export interface SampleContent {
  areas?: readonly AreaDeclaration[];
  samples?: SampleRecords;
  references?: readonly SampleReference[];
  now?: Date;
}

export type SampleSeeding = { seeded: false } | { seeded: true; records: number; areas: number };

const INBOX_STATE_KEYS = ['status', 'notes', 'read'] as const;

/**
 * Fills a database that holds no records at all with the sample content (schema/areas/samples.ts), through the
 * same code as the API (validated, slugs, positions in sample order), so a first start shows a living console.
 * Every sample is checked before anything is written, and all of them are written in one transaction: a bad one, or
 * a first start killed midway, leaves the database empty, to be seeded whole next time (a start killed while seeding
 * left 44 of 46 records for good, as seeding only runs on an empty database: an outside probe). On PostgreSQL,
 * instances starting together on an empty database take turns: the second finds the first's records.
 */
/** The PostgreSQL advisory lock instances starting together take turns on to seed. */
export const SEEDING_LOCK = 'cornerstone sample content';

export async function seedSampleContent(db: Kysely<Database>, content: SampleContent = {}): Promise<SampleSeeding> {
  const { areas = declaredAreas, samples = sampleRecords, references = sampleReferences, now = new Date() } = content;
  if (await hasAnyRecord(db)) return { seeded: false };

  const models = buildAreaModels(areas).filter((model) => model.name !== USERS_AREA && (samples[model.name]?.length ?? 0) > 0);
  for (const model of models) {
    for (const [index, sample] of samples[model.name]!.entries()) {
      const result = model.schema.safeParse(sample);
      if (!result.success) {
        throw new Error(`Sample ${index} of ${model.name} is invalid: ${JSON.stringify(fieldErrors(result.error))}`);
      }
    }
  }

  // Areas other samples point at go first, so their ids are known.
  const targets = new Set(references.map((reference) => reference.target.area));
  models.sort((a, b) => Number(targets.has(b.name)) - Number(targets.has(a.name)));

  // On the connections kept for a start's slow work (no lock timeout): a request's gave up waiting for the other
  // instance's seeding after 2 s and stopped the start (a review).
  return unhurried(db).transaction().execute(async (trx) => {
    if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(hashtextextended(${SEEDING_LOCK}, 0))`.execute(trx);
    if (await hasAnyRecord(trx)) return { seeded: false };
    return { seeded: true, ...(await writeSamples(trx, models, samples, references, now)) };
  });
}

async function writeSamples(
  db: Kysely<Database>,
  models: readonly AreaModel[],
  samples: SampleRecords,
  references: readonly SampleReference[],
  now: Date,
): Promise<{ records: number; areas: number }> {
  const created = new Map<string, ApiRecord[]>();
  let count = 0;
  for (const model of models) {
    const records: ApiRecord[] = [];
    for (const [index, sample] of samples[model.name]!.entries()) {
      const input: Record<string, unknown> = { ...sample };
      for (const reference of references.filter((candidate) => candidate.area === model.name && candidate.index === index)) {
        const { area, field, value } = reference.target;
        input[reference.field] = created.get(area)?.find((record) => record[field] === value)?.id ?? null;
      }
      if (model.kind === 'singleton') {
        records.push(await putSingleton(db, model, input, { now }));
      } else if (model.kind === 'inbox') {
        // Spread over the last days, the second one already being handled, so the inbox looks lived in.
        const state = Object.fromEntries(INBOX_STATE_KEYS.filter((key) => key in sample).map((key) => [key, sample[key]]));
        const defaults = index === 1 ? { status: 'in_progress', read: true } : {};
        const at = new Date(now.getTime() - (index * 26 + 2) * 3_600_000);
        records.push(await createSubmission(db, model, input, { state: { ...defaults, ...state }, now: at }));
      } else {
        records.push(await createRecord(db, model, input, { now }));
      }
    }
    created.set(model.name, records);
    count += records.length;
  }
  return { records: count, areas: models.length };
}
