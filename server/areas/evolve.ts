// The database follows the declarations (issue #6). At every start the declarations in the code are compared with
// the snapshot kept in the database (area_snapshots); what is safe is applied, what would lose, hide or break data
// is refused with a message that names the area, the field, the records and the fix. It all runs in one
// transaction: a refused start leaves the database exactly as it was. Every change is logged (area_migrations).
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { fieldLabel, optionsOf } from '../../schema/define';
import { declaredIndexes, dropAreaIndex, existingAreaIndexes, indexFeatures } from '../db/area-indexes';
import { unhurried } from '../db/postgres-sessions';
import { readIndexSignatures, rebuildAreaIndex, writeIndexSignature } from '../repositories/record-index';
import { indexEntry, indexSignature, isIndexed } from './search-index';
import type { Database } from '../db/types';
import {
  countRecords,
  countWithField,
  dropField,
  fillField,
  renameToRun,
  lockEvolution,
  logChange,
  missingIds,
  readSnapshots,
  idsWithoutText,
  recordBatch,
  renameField,
  replaceRecordData,
  textValues,
  writeSnapshot,
  type ChangeEntry,
} from '../repositories/area-evolution';
import { recordsByIds } from '../repositories/records';
import { refreshUploadReferences } from '../repositories/upload-references';
import { storedRichText } from '../sanitize';
import type { AreaModel } from './model';
import { slugBase } from './records';
import { slugCandidate } from '../../schema/slug';
import { acceptsAllItDid, isRequired, parseSnapshot, snapshotOf, type AreaSnapshot } from './snapshot';
import { outputSchemaOf } from '../../schema/output';
import { described } from '../zod-messages';

type Db = Kysely<Database>;

export interface EvolutionLog {
  info: (message: string) => void;
  warn: (message: string) => void;
}

export interface EvolutionResult {
  /** What was changed (or, in a dry run, would be). */
  changes: ChangeEntry[];
  /** What a developer should know but need not act on (values kept hidden…). */
  notes: string[];
}

/** A change the stored records do not allow: what, where, and what to do. */
export interface Refusal {
  area: string;
  field?: string;
  problem: string;
  fix: string;
}

export class AreaChangeRefused extends Error {
  constructor(readonly refusals: readonly Refusal[]) {
    super(
      [
        'The area declarations changed in ways the stored records do not allow. Nothing was changed.',
        ...refusals.map((refusal) => `- ${refusal.problem}\n  What to do: ${refusal.fix}`),
      ].join('\n'),
    );
    this.name = 'AreaChangeRefused';
  }
}

const MAX_IDS = 20;
const BATCH = 500;

export function listIds(ids: readonly number[]): string {
  const shown = ids.slice(0, MAX_IDS).join(', ');
  return ids.length > MAX_IDS ? `${shown} and ${ids.length - MAX_IDS} more` : shown;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Where a field's checks stand during one start. */
interface FieldPlan {
  name: string;
  schema: z.ZodType;
  /** The field as the API answers it (schema/output.ts): a stored value it refuses would make every read a 500. */
  output: z.ZodType;
  /** Check every stored value against the schema (new, renamed or reshaped field). */
  checkValues: boolean;
  /** No unique index yet: look for repeated values before creating one. */
  checkUnique: boolean;
  /** A 'restrict' reference that was not one before: look for ids that point nowhere. */
  checkReferences?: string;
  missing: number;
  badValues: { id: number; message: string }[];
}

async function evolveArea(
  trx: Db,
  model: AreaModel,
  before: AreaSnapshot | undefined,
  uniqueToCheck: ReadonlySet<string>,
  changes: ChangeEntry[],
  notes: string[],
  refusals: Refusal[],
): Promise<void> {
  const area = model.name;
  const now = snapshotOf(model);
  const label = (field: string) => `Area '${area}', field '${field}' (${fieldLabel(model.declaration, field)})`;

  // 1. Declared renames move the stored values, once. One that moves nothing is remembered: a typo in renamedFrom.
  const emptyRenames = new Map<string, string>();
  for (const [to, from] of model.renames) {
    const key = await renameToRun(trx, area, from, to);
    if (key === undefined) continue;
    const moved = await renameField(trx, area, from, to);
    if (moved === 0) emptyRenames.set(to, from);
    changes.push({ key, area, change: 'rename field', detail: `'${from}' → '${to}': ${plural(moved, 'record')} moved`, fields: [from, to] });
    const both = await countWithField(trx, area, from, true);
    if (both > 0) {
      notes.push(`Area '${area}': ${plural(both, 'record')} already had '${to}' beside '${from}'; their '${from}' values are kept, not shown.`);
    }
  }

  // Counted only when a field needs checking: an unchanged declaration costs no scan at start.
  let total: number | undefined;
  const removed = before ? Object.keys(before.fields).filter((field) => !(field in now.fields) && ![...model.renames.values()].includes(field)) : [];

  // 2. Fields the stored records may not fit: new, renamed or changed ones. Missing values get the default or the
  //    declared backfill; without either, a required field is refused.
  const plans: FieldPlan[] = [];
  for (const [field, snapshot] of Object.entries(now.fields)) {
    const schema = model.schema.shape[field] as z.ZodType;
    const renamedFrom = model.renames.get(field);
    const previous = before?.fields[field] ?? (renamedFrom ? before?.fields[renamedFrom] : undefined);
    const reference = snapshot.references;
    const plan: FieldPlan = {
      name: field,
      schema,
      output: outputSchemaOf(schema),
      checkValues: !acceptsAllItDid(previous, snapshot),
      checkUnique: uniqueToCheck.has(field),
      checkReferences:
        reference?.onDelete === 'restrict' && (previous?.references?.area !== reference.area || previous.references.onDelete !== 'restrict')
          ? reference.area
          : undefined,
      missing: 0,
      badValues: [],
    };
    if (!(plan.checkValues || plan.checkUnique || plan.checkReferences)) continue;
    total ??= await countRecords(trx, area);
    if (total === 0) continue;
    plans.push(plan);
    if (!plan.checkValues) continue;

    const options = optionsOf(schema);
    const nullFits = schema.safeParse(null).success;
    let fill: { value: unknown; source: string } | undefined;
    if (options.backfill !== undefined) {
      const result = schema.safeParse(options.backfill);
      if (!result.success) {
        refusals.push({
          area,
          field,
          problem: `${label(field)}: its backfill value ${JSON.stringify(options.backfill)} is refused by the field itself (${result.error.issues[0]?.message}).`,
          fix: 'Give a backfill value that the field accepts.',
        });
        continue;
      }
      fill = { value: result.data, source: 'its backfill' };
    } else {
      const result = schema.safeParse(undefined);
      if (result.success && result.data !== undefined) fill = { value: result.data, source: 'its default' };
    }
    // A field that would start empty, or at a value nobody chose, in records that held its values under another name:
    // a typo in renamedFrom took every review off the website, and a flag renamed without renamedFrom put a hidden
    // partner back on it (an outside probe). Refused, naming the fields that hold the values.
    const guessed = await guessedRename(trx, model, before, removed, field, snapshot.kind, renamedFrom, emptyRenames.get(field), fill, total);
    if (guessed) {
      refusals.push({ area, field, ...guessed });
      continue;
    }
    if (fill) {
      const filled = await fillField(trx, area, field, fill.value, { nulls: !nullFits });
      if (filled > 0) {
        changes.push({ area, change: 'backfill field', detail: `'${field}' set to ${JSON.stringify(fill.value)} (${fill.source}) in ${plural(filled, 'record')} that had no value`, fields: [field] });
      }
    } else if (!schema.safeParse(undefined).success) {
      plan.missing = await countWithField(trx, area, field, false);
    }
  }

  // 3. One pass over the records for every value, uniqueness and reference check.
  if (plans.length > 0) {
    const seen = new Map<string, Map<string, number[]>>(plans.filter((plan) => plan.checkUnique).map((plan) => [plan.name, new Map()]));
    const pointed = new Map<string, Map<number, number[]>>(plans.filter((plan) => plan.checkReferences).map((plan) => [plan.name, new Map()]));
    for (let after = 0; ; ) {
      const batch = await recordBatch(trx, area, after, BATCH);
      if (batch.length === 0) break;
      after = batch[batch.length - 1]!.id;
      for (const record of batch) {
        for (const plan of plans) {
          const present = Object.hasOwn(record.data, plan.name);
          const value = record.data[plan.name];
          if (plan.checkValues && present) {
            const result = plan.schema.safeParse(value);
            // A value the field takes only by reading it as something else (the text "0114" as the number 114) is
            // stored as it was: every answer holding it refused it (500, the area's list unusable; an outside probe).
            // Refused like a value that does not fit, never rewritten (the leading 0 would be lost).
            const answered = result.success ? plan.output.safeParse(value) : undefined;
            if (!result.success) plan.badValues.push({ id: record.id, message: `"${result.error.issues[0]?.message ?? 'invalid'}"` });
            else if (answered && !answered.success) {
              const issue = answered.error.issues[0]?.message ?? 'the field answers another kind of value';
              plan.badValues.push({ id: record.id, message: `${JSON.stringify(value)} is stored as ${described(value)} ("${issue}")` });
            }
          }
          if (value === null || value === undefined) continue;
          const values = seen.get(plan.name);
          if (values) {
            const key = JSON.stringify(value);
            values.set(key, [...(values.get(key) ?? []), record.id]);
          }
          const targets = pointed.get(plan.name);
          if (targets && typeof value === 'number') targets.set(value, [...(targets.get(value) ?? []), record.id]);
        }
      }
    }

    for (const plan of plans) {
      const field = plan.name;
      if (plan.missing > 0) {
        const hint = removed.length > 0 ? ` If '${field}' is the new name of ${removed.map((name) => `'${name}'`).join(' or ')}, declare renamedFrom instead.` : '';
        refusals.push({
          area,
          field,
          problem: `${label(field)} is required, but ${plural(plan.missing, 'existing record')} of ${total} have no value for it.`,
          fix: `give it a default (.default(...)), make it optional, or give the existing records a value with the field option backfill (e.g. fields.text('…', 200, { backfill: '…' })).${hint}`,
        });
      }
      if (plan.badValues.length > 0) {
        const example = plan.badValues[0]!;
        refusals.push({
          area,
          field,
          problem: `${label(field)} changed, and ${plural(plan.badValues.length, 'record')} of ${total} hold values it now refuses (ids ${listIds(plan.badValues.map((bad) => bad.id))}; record ${example.id}: ${example.message}).`,
          fix: 'make the declaration accept those values, correct those records first under the old declaration, or declare the field under a new name (the old values are then kept, not shown).',
        });
      }
      const values = seen.get(field);
      const repeated = values ? [...values.entries()].filter(([, ids]) => ids.length > 1) : [];
      if (repeated.length > 0) {
        const shown = repeated.slice(0, 10).map(([value, ids]) => `${value} (ids ${listIds(ids)})`);
        refusals.push({
          area,
          field,
          problem: `${label(field)} is declared unique, but ${plural(repeated.length, 'value')} ${repeated.length === 1 ? 'is' : 'are'} repeated: ${shown.join('; ')}${repeated.length > 10 ? '; …' : ''}.`,
          fix: 'edit or delete the duplicates so that each value appears once (or take the field out of `unique`), then start again.',
        });
      }
      const targets = pointed.get(field);
      if (targets && plan.checkReferences) {
        const gone = await missingIds(trx, plan.checkReferences, [...targets.keys()]);
        const ids = gone.flatMap((target) => targets.get(target) ?? []).sort((a, b) => a - b);
        if (ids.length > 0) {
          refusals.push({
            area,
            field,
            problem: `${label(field)} now refuses deletes of the '${plan.checkReferences}' records it points at, but ${plural(ids.length, 'record')} point at records that do not exist (ids ${listIds(ids)}).`,
            fix: "clear or correct those values, or declare onDelete: 'keep'.",
          });
        }
      }
    }
  }

  // 4. Fields no longer declared: their values stay with the records, unseen, until a deliberate drop.
  for (const field of removed) {
    const kept = await countWithField(trx, area, field, true);
    if (kept === 0) continue;
    changes.push({ area, change: 'hide field', detail: `'${field}' is no longer declared: its values in ${plural(kept, 'record')} are kept, not shown` });
    notes.push(
      `Area '${area}': field '${field}' is no longer declared; its values in ${plural(kept, 'record')} are kept (not shown, restored if the field comes back). To delete them for good: npm run areas -- drop-field ${area} ${field}`,
    );
  }

  // 5. Records without a slug get the one a save would give them: the website opens a record by it, and one without
  //    was out of its reach until someone saved it again (an area that gained `slug`, records written around the API).
  if (model.slug && refusals.length === 0) await fillEmptySlugs(trx, model, changes);
}

/**
 * Why filling `field` in the stored records would be a guess, or undefined when it is not. Two cases, both with
 * records that have no value for the field:
 * - its renamedFrom names a field none of them holds (`emptyFrom`) and the last start did not declare (a typo), and
 *   the field would be filled or is required;
 * - it is new, not renamed, and would get its default, while a field of the same kind that is no longer declared
 *   holds values: the same field renamed, without renamedFrom. Declaring `backfill` says the default is meant.
 */
async function guessedRename(
  trx: Db,
  model: AreaModel,
  before: AreaSnapshot | undefined,
  removed: readonly string[],
  field: string,
  kind: AreaSnapshot['fields'][string]['kind'],
  renamedFrom: string | undefined,
  emptyFrom: string | undefined,
  fill: { value: unknown; source: string } | undefined,
  total: number,
): Promise<Pick<Refusal, 'problem' | 'fix'> | undefined> {
  const area = model.name;
  const label = `Area '${area}', field '${field}' (${fieldLabel(model.declaration, field)})`;
  const holding = async (names: readonly string[]) => {
    const held: string[] = [];
    for (const name of names) if ((await countWithField(trx, area, name, true)) > 0) held.push(name);
    return held;
  };
  const names = (list: readonly string[]) => list.map((name) => `'${name}'`).join(' or ');
  const outcome = fill ? `get ${JSON.stringify(fill.value)} (${fill.source})` : 'have no value for it, which it requires';
  // A rename from a field the last start declared, which no record happened to hold, is what it says.
  if (emptyFrom !== undefined && before !== undefined && before.fields[emptyFrom] === undefined) {
    if (!fill && !isRequired(model.schema.shape[field] as z.ZodType)) return undefined;
    const without = await countWithField(trx, area, field, false);
    if (without === 0) return undefined;
    const others = await holding(removed);
    return {
      problem: `${label} is renamed from '${emptyFrom}', which none of its ${total} records hold: nothing would be moved, and ${plural(without, 'record')} would ${outcome}.${others.length > 0 ? ` The records hold ${names(others)}, which the declaration no longer names.` : ''}`,
      fix: `write in renamedFrom the old field's name exactly as it was declared${others.length > 0 ? ` (${names(others)}?)` : ''}, or take renamedFrom away if '${emptyFrom}' never held values.`,
    };
  }
  if (renamedFrom !== undefined || before?.fields[field] !== undefined || fill?.source !== 'its default') return undefined;
  const alike = await holding(removed.filter((name) => before?.fields[name]?.kind === kind));
  if (alike.length === 0) return undefined;
  const without = await countWithField(trx, area, field, false);
  if (without === 0) return undefined;
  return {
    problem: `${label} is new and ${plural(without, 'record')} would get ${JSON.stringify(fill.value)} (its default), while ${names(alike)}, a ${kind} field no longer declared, holds their values: if it is the same field renamed, what each record said would be lost.`,
    fix: `if '${field}' is ${names(alike)} renamed, declare renamedFrom: '${alike[0]}'; if it is a new field, say what the existing records get with the field option backfill (e.g. { backfill: ${JSON.stringify(fill.value)} }).`,
  };
}

/**
 * Gives every record of the area whose slug is empty the slug its source field makes, unused in the area ('title',
 * 'title-2'…, server/areas/records.ts), in id order. The record's version, times and revisions stay as they are.
 * Two index lookups when there is nothing to fill.
 */
async function fillEmptySlugs(trx: Db, model: AreaModel, changes: ChangeEntry[]): Promise<void> {
  const { field, from } = model.slug!;
  const empty = await idsWithoutText(trx, model.name, field);
  if (empty.length === 0) return;
  const taken = await textValues(trx, model.name, field);
  const filled: string[] = [];
  for (let start = 0; start < empty.length; start += BATCH) {
    for (const record of await recordsByIds(trx, model.name, empty.slice(start, start + BATCH))) {
      const base = slugBase(model, record.data[from]);
      if (base === '') continue;
      let n = 1;
      while (taken.has(slugCandidate(base, n))) n++;
      const slug = slugCandidate(base, n);
      taken.add(slug);
      await replaceRecordData(trx, model.name, record.id, { ...record.data, [field]: slug });
      filled.push(`${record.id} '${slug}'`);
    }
  }
  if (filled.length === 0) return;
  const shown = filled.slice(0, 5).join(', ') + (filled.length > 5 ? `, and ${filled.length - 5} more` : '');
  changes.push({
    area: model.name,
    change: 'fill slug',
    detail: `'${field}' made from '${from}' in ${plural(filled.length, 'record')} that had none: ${shown}`,
    fields: [field],
  });
}

/**
 * Brings the database in line with the declarations, or refuses (AreaChangeRefused) without changing anything.
 * `dryRun` does everything, reports it, and rolls it back (npm run areas -- plan).
 */
export async function evolveAreas(
  db: Db,
  models: readonly AreaModel[],
  options: { log?: EvolutionLog; now?: Date; dryRun?: boolean } = {},
): Promise<EvolutionResult> {
  const now = options.now ?? new Date();
  const changes: ChangeEntry[] = [];
  const notes: string[] = [];
  const rollback = new Error('dry run');
  try {
    // Unhurried (server/db/postgres-sessions.ts): at start, indexing and re-indexing an area of 100,000 records takes
    // longer than a request's statement timeout allows.
    await unhurried(db).transaction().execute(async (trx) => {
      await lockEvolution(trx);
      const snapshots = await readSnapshots(trx);
      const existing = new Set(await existingAreaIndexes(trx));
      const declared = declaredIndexes(trx, models, await indexFeatures(trx));
      const refusals: Refusal[] = [];

      for (const model of models) {
        const stored = snapshots.get(model.name);
        const before = stored === undefined ? undefined : parseSnapshot(stored);
        const uniqueToCheck = new Set(
          declared.filter((index) => index.area === model.name && index.uniqueField && !existing.has(index.name)).map((index) => index.uniqueField!),
        );
        await evolveArea(trx, model, before, uniqueToCheck, changes, notes, refusals);
      }
      if (refusals.length > 0) throw new AreaChangeRefused(refusals);

      for (const area of snapshots.keys()) {
        if (models.some((model) => model.name === area)) continue;
        const kept = await countRecords(trx, area);
        if (kept > 0) notes.push(`Area '${area}' is no longer declared; its ${plural(kept, 'record')} are kept in the database.`);
      }

      // Indexes: create what is missing; what no declaration asks for is dropped last (below). Nothing runs when nothing
      // changed.
      for (const index of declared) {
        if (existing.has(index.name)) continue;
        try {
          await index.create.execute(trx);
        } catch (error) {
          throw new Error(
            `Area '${index.area}': the index ${index.name} (${index.purpose}) could not be created: ${error instanceof Error ? error.message : String(error)}`,
            { cause: error },
          );
        }
        changes.push({ area: index.area, change: index.statistics ? 'create statistics' : 'create index', detail: `${index.name} (${index.purpose})` });
      }
      // A new statistics object is empty until the table is next analysed: sample it now (30,000 rows at most, under a
      // second at 100,000 records) rather than plan without it until autovacuum gets round to it.
      if (declared.some((index) => index.statistics && !existing.has(index.name))) await sql`analyze records`.execute(trx);

      // Search and array-value rows (issue #10): rebuilt for an area whose indexed fields changed, or whose stored
      // documents this start rewrote (a rename, a backfill). A fresh database has no rows to build.
      const signatures = await readIndexSignatures(trx);
      for (const model of models) {
        const signature = indexSignature(model);
        const rewritten = changes.some((change) => change.area === model.name && change.fields?.some((field) => isIndexed(model, field)));
        if (signatures.get(model.name) === signature && !rewritten) continue;
        const rebuilt = await rebuildAreaIndex(trx, model.name, (data) => indexEntry(model, data));
        await writeIndexSignature(trx, model.name, signature);
        // Not news for an area this database meets for the first time (sample content written before the first start).
        if (rebuilt > 0 && snapshots.has(model.name)) changes.push({ area: model.name, change: 'rebuild search index', detail: plural(rebuilt, 'record') });
      }

      // Dropped last: on PostgreSQL a drop locks the table against reads too until the commit, where creating an index
      // lets reads go on (a database indexed by an earlier version has most of its area indexes replaced at once).
      const wanted = new Set(declared.map((index) => index.name));
      for (const name of existing) {
        if (wanted.has(name)) continue;
        await dropAreaIndex(trx, name);
        changes.push({ area: areaOfIndex(name, models), change: 'drop index', detail: `${name}: no longer declared` });
      }

      for (const model of models) {
        const snapshot = JSON.stringify(snapshotOf(model));
        if (snapshots.get(model.name) !== snapshot) await writeSnapshot(trx, model.name, snapshot, now);
      }
      for (const change of changes) await logChange(trx, change, now);
      if (options.dryRun) throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  if (!options.dryRun && options.log) {
    for (const change of changes) {
      // Index bookkeeping on a fresh database is not news.
      if (change.change !== 'create index') options.log.info(`Area '${change.area}': ${change.change}: ${change.detail}`);
    }
    for (const note of notes) options.log.warn(note);
  }
  return { changes, notes };
}

// Index names start with records_<area with underscores>_; good enough for the log.
function areaOfIndex(name: string, models: readonly AreaModel[]): string {
  const match = models.find((model) => name.startsWith(`records_${model.name.replaceAll('-', '_')}_`));
  return match?.name ?? name.replace(/^records_/, '').split('_')[0]!;
}

/**
 * Throws when the values of `field` may not be dropped: it is still declared, or it is the old name of a rename. The
 * dry run asks it too: it said "run again with --yes" for a declared field, which --yes then refused (an outside probe).
 */
export function checkDroppable(models: readonly AreaModel[], area: string, field: string): void {
  const model = models.find((candidate) => candidate.name === area);
  if (model?.fields.has(field)) {
    throw new Error(`Field '${field}' is still declared in area '${area}': remove it from the declaration (and start once) before dropping its values.`);
  }
  if (model && [...model.renames.values()].includes(field)) {
    throw new Error(`Field '${field}' of area '${area}' is the old name of a declared rename: its values are moved, not dropped.`);
  }
}

/**
 * Deletes the stored values of a field that is no longer declared, for good (npm run areas -- drop-field): the one
 * way values leave the database because of a declaration. Refuses a field that is still declared.
 */
export async function dropUndeclaredField(db: Db, models: readonly AreaModel[], area: string, field: string, now = new Date()): Promise<number> {
  checkDroppable(models, area, field);
  return db.transaction().execute(async (trx) => {
    await lockEvolution(trx);
    const dropped = await dropField(trx, area, field);
    await logChange(trx, { area, change: 'drop field', detail: `'${field}': values deleted from ${plural(dropped, 'record')}` }, now);
    // Files only that field pointed at are now unreferenced: the upload sweep deletes them after its grace period.
    await refreshUploadReferences(trx, area);
    return dropped;
  });
}

/**
 * Cleans the rich text of every record against the allow-list (server/sanitize.ts), as a write through the API does
 * (npm run areas -- reindex, before the search rows are built again). For rich text written around the API (an SQL
 * import) or held by a field newly listed in `richText`: a save keeps rich text as stored until it changes (issue
 * #10). A record whose rich text is clean already is not written; one that is cleaned keeps its version and times.
 * Answers, per area with rich text, how many records it cleaned.
 */
export async function cleanStoredRichText(db: Db, models: readonly AreaModel[], batchSize = 500): Promise<Map<string, number>> {
  return unhurried(db).transaction().execute(async (trx) => {
    await lockEvolution(trx);
    const cleaned = new Map<string, number>();
    for (const model of models) {
      if (model.richText.length === 0) continue;
      let count = 0;
      for (let after = 0; ; ) {
        const batch = await recordBatch(trx, model.name, after, batchSize);
        if (batch.length === 0) break;
        for (const { id, data } of batch) {
          after = id;
          const changes: Record<string, unknown> = {};
          for (const field of model.richText) {
            const value = data[field];
            if (typeof value !== 'string') continue;
            const clean = storedRichText(value);
            if (clean !== value) changes[field] = clean;
          }
          if (Object.keys(changes).length === 0) continue;
          await replaceRecordData(trx, model.name, id, { ...data, ...changes });
          count += 1;
        }
      }
      // A link or an image the cleaning dropped no longer names its upload.
      if (count > 0) await refreshUploadReferences(trx, model.name);
      cleaned.set(model.name, count);
    }
    return cleaned;
  });
}

/**
 * Builds every area's search and array-value rows again from the stored documents (npm run areas -- reindex): for
 * records written into the database other than through the API (an SQL import), which searches do not find until
 * then. Answers how many records each area holds.
 */
export async function reindexAreas(db: Db, models: readonly AreaModel[]): Promise<Map<string, number>> {
  return unhurried(db).transaction().execute(async (trx) => {
    await lockEvolution(trx);
    const counts = new Map<string, number>();
    for (const model of models) {
      counts.set(model.name, await rebuildAreaIndex(trx, model.name, (data) => indexEntry(model, data)));
      await writeIndexSignature(trx, model.name, indexSignature(model));
    }
    return counts;
  });
}
