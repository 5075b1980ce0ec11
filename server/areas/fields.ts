import type { z } from 'zod';
import { unwrap } from '../../schema/unwrap';

// What the database needs to know about a field to sort, filter and index it the same way on SQLite and
// PostgreSQL: a number must sort as a number and a boolean compare as a boolean, not as JSON text.
export type FieldKind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'unknown';

export interface FieldInfo {
  kind: FieldKind;
  /** For arrays: the kind of their items (what `contains` compares with). */
  element?: FieldKind;
  /** A field of fixed choices (or, for arrays, items of fixed choices): the values it may hold. */
  choices?: readonly unknown[];
}

interface LooseDef {
  type: string;
  element?: z.core.$ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  options?: z.core.$ZodType[];
}

const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as LooseDef;

function kindOfValues(values: readonly unknown[]): FieldKind {
  if (values.length > 0 && values.every((value) => typeof value === 'number')) return 'number';
  if (values.length > 0 && values.every((value) => typeof value === 'boolean')) return 'boolean';
  if (values.every((value) => typeof value === 'string')) return 'string';
  return 'unknown';
}

export function fieldInfo(schema: z.core.$ZodType): FieldInfo {
  const base = unwrap(schema);
  const def = defOf(base);
  switch (def.type) {
    case 'string':
    case 'template_literal':
    case 'date':
      return { kind: 'string' };
    case 'number':
    case 'int':
    case 'bigint':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
    case 'literal': {
      const choices = def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []);
      return { kind: kindOfValues(choices), choices };
    }
    case 'array': {
      const element = def.element ? fieldInfo(def.element) : { kind: 'unknown' as const };
      return { kind: 'array', element: element.kind, ...(element.choices && { choices: element.choices }) };
    }
    case 'object':
    case 'record':
      return { kind: 'object' };
    case 'union': {
      const options = (def.options ?? []).map((option) => fieldInfo(option));
      const kinds = new Set(options.map((option) => option.kind));
      const choices = options.length > 0 && options.every((option) => option.choices) ? options.flatMap((option) => option.choices!) : undefined;
      return { kind: kinds.size === 1 ? [...kinds][0]! : 'unknown', ...(choices && { choices }) };
    }
    default:
      return { kind: 'unknown' };
  }
}

/** Every top-level field of an object schema with what the database needs to know about it. */
export function fieldsOf(schema: z.ZodObject): Map<string, FieldInfo> {
  return new Map(Object.entries(schema.shape).map(([name, field]) => [name, fieldInfo(field as z.core.$ZodType)]));
}

/** An uploaded-file field (fields.upload / fields.uploads): an object, or a list of objects, with a `src`. */
export function isUploadField(schema: z.core.$ZodType): 'one' | 'many' | false {
  const base = unwrap(schema);
  const def = defOf(base);
  const hasSrc = (candidate: z.core.$ZodType) => {
    const inner = unwrap(candidate) as unknown as { _zod: { def: { type: string; shape?: Record<string, unknown> } } };
    return inner._zod.def.type === 'object' && inner._zod.def.shape !== undefined && 'src' in inner._zod.def.shape;
  };
  if (def.type === 'object') return hasSrc(base) ? 'one' : false;
  if (def.type === 'array' && def.element) return hasSrc(def.element) ? 'many' : false;
  return false;
}
