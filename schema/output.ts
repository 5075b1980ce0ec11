// What the API answers for a declared area, as zod schemas without transforms: the declarations describe what a
// client may send (trimmed, defaulted, '' turned into null), which is not what a record holds once stored. These
// schemas describe the stored values, for the OpenAPI document and for response serialization (issue #7).
// Imports only zod (STYLE.md).
import { z } from 'zod';
import { VERSION_FIELD } from './conflicts';
import { INBOX_STATUSES, optionsOf, type AreaDeclaration } from './define';
import { unwrap } from './unwrap';

interface LooseDef {
  type: string;
  element?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: z.core.$ZodType[];
}

const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as LooseDef;

/** How a field answers when a client leaves it out, read from the field itself. */
type Presence = 'required' | 'optional' | 'null' | 'defaulted';

function presenceOf(field: z.core.$ZodType): { presence: Presence; nullable: boolean } {
  const parse = (value: unknown) => {
    try {
      return z.safeParse(field, value);
    } catch {
      // A preprocess or refinement that throws on an unexpected value: treat it as a refusal.
      return { success: false as const, data: undefined };
    }
  };
  const missing = parse(undefined);
  const nullValue = parse(null);
  const nullable = nullValue.success && nullValue.data === null;
  if (!missing.success) return { presence: 'required', nullable };
  if (missing.data === undefined) return { presence: 'optional', nullable };
  if (missing.data === null) return { presence: 'null', nullable: true };
  return { presence: 'defaulted', nullable };
}

/** The schema of a value under its wrappers, without transforms and without the wrappers' optionality. */
function baseOutput(field: z.core.$ZodType): z.ZodType {
  const base = unwrap(field);
  const def = defOf(base);
  switch (def.type) {
    case 'string':
    case 'template_literal':
      return z.string();
    case 'date':
      // A Date answered as JSON is its ISO text.
      return z.string();
    case 'number':
      return (base as unknown as { format?: string | null }).format?.includes('int') ? z.int() : z.number();
    case 'int':
    case 'bigint':
      return z.int();
    case 'boolean':
      return z.boolean();
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      if (values.length > 0 && values.every((value) => typeof value === 'string')) {
        return z.enum(values as [string, ...string[]]);
      }
      return values.length > 0 ? z.union(values.map((value) => z.literal(value))) : z.unknown();
    }
    case 'literal': {
      const values = (def.values ?? []).filter(
        (value): value is string | number | boolean | null => value === null || ['string', 'number', 'boolean'].includes(typeof value),
      );
      return values.length > 0 ? z.literal(values) : z.unknown();
    }
    case 'array':
      return z.array(def.element ? outputSchemaOf(def.element) : z.unknown());
    case 'object':
      return z.object(Object.fromEntries(Object.entries(def.shape ?? {}).map(([name, property]) => [name, outputSchemaOf(property)])));
    case 'union': {
      const options = (def.options ?? []).map((option) => outputSchemaOf(option));
      return options.length > 1 ? z.union(options) : (options[0] ?? z.unknown());
    }
    default:
      return z.unknown();
  }
}

/**
 * The value the API answers for a declared field: its type without transforms; nullable when the field turns
 * "left out" or null into null; optional when a left-out value stays left out (an upload's title). A reference is
 * a record id or null.
 */
export function outputSchemaOf(field: z.core.$ZodType): z.ZodType {
  let schema: z.ZodType;
  const options = safeOptionsOf(field);
  const { presence, nullable } = presenceOf(field);
  if (options.references) schema = z.int().positive().nullable();
  else {
    schema = baseOutput(field);
    if (nullable && !(schema instanceof z.ZodUnknown)) schema = schema.nullable();
  }
  if (presence === 'optional') schema = schema.optional();
  return options.label ? schema.meta({ title: options.label }) : schema;
}

function safeOptionsOf(field: z.core.$ZodType) {
  try {
    return optionsOf(field);
  } catch {
    return {};
  }
}

/** What may change on an inbox submission, as the API answers it (schema/define.ts inboxUpdateSchema). */
const inboxShape = {
  status: z.enum(INBOX_STATUSES),
  read: z.boolean(),
  notes: z.string().nullable(),
};

/**
 * A record as the admin API answers it: `id`, the declared fields, `position` (ordered areas), an inbox's status,
 * read and notes, its version, then the timestamps. A field is answered only when the stored record holds it: every write
 * stores every declared field, but a record written before a field was declared (without a default), by hand, or a
 * singleton never saved (its defaults, with null timestamps) lacks some. Values computed per request (a banner's
 * schedule, a count of the records that point at this one) are the caller's to add through `extra`: they come
 * from the server's model of all areas, not from this declaration.
 */
export function recordOutputSchema(area: AreaDeclaration, extra: z.ZodRawShape = {}): z.ZodObject {
  const singleton = area.kind === 'singleton';
  const shape: Record<string, z.ZodType> = { id: z.int().positive() };
  for (const [name, field] of Object.entries(area.schema.shape)) shape[name] = outputSchemaOf(field as z.core.$ZodType).optional();
  // Null for records stored before the area was ordered.
  if (area.ordered) shape.position = z.int().nullable();
  if (area.kind === 'inbox') for (const [name, schema] of Object.entries(inboxShape)) shape[name] = schema.optional();
  Object.assign(shape, extra);
  shape[VERSION_FIELD] = z
    .int()
    .positive()
    .describe('Bumped by every save; send it back (or in If-Match) to be told of edits made since (docs/api.md, Edit conflicts).');
  const timestamp = singleton ? z.string().nullable() : z.string();
  shape.created_at = timestamp;
  shape.updated_at = timestamp;
  return z.object(shape);
}
