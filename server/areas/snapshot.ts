// What the database remembers of a declaration between two starts (table area_snapshots), so that the next start
// can tell what changed: which fields are new, gone, renamed, retyped, newly unique or newly a reference.
import { z } from 'zod';
import { optionsOf, type AreaKind, type FieldReference } from '../../schema/define';
import type { FieldKind } from './fields';
import type { AreaModel } from './model';

export interface FieldSnapshot {
  kind: FieldKind;
  /**
   * The values the field accepts, as JSON Schema (zod's own description of it). Two declarations with the same
   * shape accept the same values; custom refinements (a slug's pattern) are not part of it.
   */
  shape: string;
  required: boolean;
  references?: FieldReference;
}

export interface AreaSnapshot {
  kind: AreaKind;
  fields: Record<string, FieldSnapshot>;
  unique: string[];
}

function shapeOf(schema: z.ZodType): string {
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    // A schema zod cannot describe: compared by kind only.
    return '"unrepresentable"';
  }
}

/** Whether the field may be left out of a new record (it is optional, or has a default). */
export function isRequired(schema: z.ZodType): boolean {
  return !schema.safeParse(undefined).success;
}

export function snapshotOf(model: AreaModel): AreaSnapshot {
  const fields: Record<string, FieldSnapshot> = {};
  for (const [name, schema] of Object.entries(model.schema.shape) as [string, z.ZodType][]) {
    const info = model.fields.get(name)!;
    const references = optionsOf(schema).references;
    fields[name] = {
      kind: info.kind,
      shape: shapeOf(schema),
      required: isRequired(schema),
      ...(references && { references }),
    };
  }
  return { kind: model.kind, fields, unique: [...model.unique] };
}

export function parseSnapshot(text: string): AreaSnapshot | undefined {
  try {
    const value = JSON.parse(text) as AreaSnapshot;
    return value && typeof value === 'object' && value.fields && typeof value.fields === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Same kind and accepted values: stored values that fitted before still fit. */
export const sameShape = (before: FieldSnapshot | undefined, now: FieldSnapshot) =>
  before !== undefined && before.kind === now.kind && before.shape === now.shape;
