// Every field's label of an area, as people read it: the declared ones (schema/define.ts field options) and, in one
// place, those of the fields no declaration holds. The console's i18n messages (resources.<name>.fields.*) are
// built from this, so a label is worded once for forms, lists, filters and validation messages alike.
import type { z } from 'zod';
import { fieldLabel, humanizeName, optionsOf, type AreaDeclaration } from './define';
import { unwrap } from './unwrap';

// Columns every record has.
export const RECORD_FIELD_LABELS: Readonly<Record<string, string>> = {
  id: 'ID',
  created_at: 'Created',
  updated_at: 'Last updated',
  position: 'Position',
};

// What an inbox adds to a submission (schema/define.ts inboxUpdateSchema); a submission is received, not created.
export const INBOX_FIELD_LABELS: Readonly<Record<string, string>> = {
  created_at: 'Received',
  status: 'Status',
  notes: 'Notes',
  read: 'Read state',
};

// Values the API computes for lists: a banner's schedule (schema/schedule.ts), the count of a reference's `countAs`.
export const COMPUTED_FIELD_LABELS: Readonly<Record<string, string>> = {
  schedule: 'Schedule',
  applications_count: 'Applications',
};

interface LooseDef {
  type: string;
  element?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  entries?: Record<string, string>;
}

const defOf = (schema: z.core.$ZodType) => unwrap(schema)._zod.def as unknown as LooseDef;

/** The fields of a list's items (fields.objects); undefined for any other field. */
export function itemShape(schema: z.core.$ZodType): Record<string, z.core.$ZodType> | undefined {
  const def = defOf(schema);
  return def.type === 'array' && def.element && defOf(def.element).type === 'object' ? defOf(def.element).shape : undefined;
}

/**
 * An area's labels by i18n key: each declared field, each field of a list's items as '<list>.<field>' (react-admin's
 * key for an input inside an <ArrayInput>), and the undeclared fields above.
 */
export function areaFieldLabels(area: Pick<AreaDeclaration, 'kind' | 'schema'>): Record<string, string> {
  const labels: Record<string, string> = {
    ...RECORD_FIELD_LABELS,
    ...COMPUTED_FIELD_LABELS,
    ...(area.kind === 'inbox' ? INBOX_FIELD_LABELS : {}),
  };
  for (const [name, schema] of Object.entries(area.schema.shape)) {
    labels[name] = fieldLabel(area, name);
    const items = itemShape(schema as z.core.$ZodType);
    for (const [item, itemSchema] of Object.entries(items ?? {})) {
      labels[`${name}.${item}`] = optionsOf(itemSchema).label ?? humanizeName(item);
    }
  }
  return labels;
}

/** The values a choice field accepts (fields.choice, fields.optionalChoice), in declared order. */
export function choiceValues(area: Pick<AreaDeclaration, 'name' | 'schema'>, name: string): string[] {
  const declared = area.schema.shape[name] as z.core.$ZodType | undefined;
  const def = declared ? defOf(declared) : undefined;
  if (def?.type !== 'enum') throw new Error(`${area.name}.${name} is not a choice`);
  return Object.values(def.entries ?? {});
}

/** A choice field's values as select options: named by `wording` where it has a word for one, else made readable. */
export const choicesOf = (
  area: Pick<AreaDeclaration, 'name' | 'schema'>,
  name: string,
  wording: Readonly<Record<string, string>> = {},
): { id: string; name: string }[] => choiceValues(area, name).map((id) => ({ id, name: wording[id] ?? humanizeName(id) }));
