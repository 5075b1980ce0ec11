import type { z } from 'zod';
import type { ScheduleFields } from '../../schema/schedule';
import { BANNER_SCHEDULE, banners } from '../../schema/areas/banners';
import { VERSION_FIELD } from '../../schema/conflicts';
import { INBOX_STATUSES, SYSTEM_FIELDS, fieldLabel, fieldMax, optionsOf, type AreaDeclaration, type AreaKind, type FieldReference } from '../../schema/define';
import { fieldsOf, isUploadField, type FieldInfo, type FieldKind } from './fields';

// Field and area names reach SQL as identifiers and JSON paths (index expressions must be literal to be
// matched), so they are held to these shapes when the app starts; a declaration that breaks them is a bug.
const FIELD_NAME = /^[a-z_][a-z0-9_]*$/i;
const AREA_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export type SortOrder = 'ASC' | 'DESC';

// Administrators live in the users table, beside their password hashes and tokens, not in the record store.
export const USERS_AREA = 'users-management';

/** A field a list can be sorted or filtered by: a real column, or a value inside the record's JSON. */
export interface ListField {
  name: string;
  kind: FieldKind;
  element?: FieldKind;
  /** A field of fixed choices (for arrays: of their items): a filter must name one of them. */
  choices?: readonly unknown[];
  /** Set for real columns (id, timestamps, position, and every users column). */
  column?: string;
  /** A text column sorted without regard to case (JSON text fields always are). */
  foldCase?: boolean;
  /** Never empty (ids and timestamps): sorted without the empty-values-last rule, so PostgreSQL reads either order off its index. */
  notNull?: boolean;
  /** An integer column of record or user ids (the audit log's): a filter's value must be such an id. */
  holdsIds?: boolean;
}

/** What the list parameters (sort, range, filter) are checked against. */
export interface ListModel {
  name: string;
  sortable: ReadonlyMap<string, ListField>;
  filterable: ReadonlyMap<string, ListField>;
  search: readonly ListField[];
  defaultSort: { field: ListField; order: SortOrder };
  /** Accepts created_at_gte / created_at_lte (inboxes). */
  dateFilters: boolean;
  /** Banners: the computed `schedule` and the fields it is computed from. */
  schedule?: ScheduleFields;
  /** Filters a route reads itself before the shared parser (the audit log's `from` and `to`): named where filters are listed. */
  ownFilters?: readonly { name: string; description: string }[];
}


/** Another area's records that point at this one, counted per record (job postings: their applications). */
export interface ReferenceCount {
  as: string;
  from: string;
  field: string;
}

/** A field of another area that holds ids of this area's records (declared with fields.reference). */
export interface IncomingReference {
  /** The area whose records point here, and its label (for messages). */
  from: string;
  fromLabel: string;
  field: string;
  onDelete: FieldReference['onDelete'];
}

/** A field of this area that holds ids of another area's records. */
export interface OutgoingReference extends FieldReference {
  field: string;
  label: string;
}

export interface AreaModel extends ListModel {
  declaration: AreaDeclaration;
  kind: AreaKind;
  schema: z.ZodObject;
  ordered: boolean;
  /** Every stored field (the declared ones, plus status/notes/read in inboxes). */
  fields: ReadonlyMap<string, FieldInfo>;
  unique: readonly string[];
  richText: readonly string[];
  /** Each rich-text field's maximum, which a save holds its cleaned HTML to (records.ts validate). */
  richTextMax: ReadonlyMap<string, number>;
  slug?: { field: string; from: string };
  uploadFields: ReadonlyMap<string, 'one' | 'many'>;
  /** Date fields (fields.date): answered in their stored form (schema/dates.ts storedDate). */
  dates: ReadonlySet<string>;
  referenceCount?: ReferenceCount;
  /** Fields of this area that point at other areas' records. */
  references: readonly OutgoingReference[];
  /** Fields of other areas that point at this area's records. */
  referencedBy: readonly IncomingReference[];
  /** Declared renames: new field name → the name its values were stored under. */
  renames: ReadonlyMap<string, string>;
}

// Server-managed fields of an inbox submission (schema/define.ts inboxUpdateSchema).
export const INBOX_FIELDS: ReadonlyMap<string, FieldInfo> = new Map([
  ['status', { kind: 'string', choices: INBOX_STATUSES }],
  ['notes', { kind: 'string' }],
  ['read', { kind: 'boolean' }],
]);

const COLUMNS: Record<string, ListField> = {
  id: { name: 'id', kind: 'number', column: 'id', notNull: true },
  created_at: { name: 'created_at', kind: 'string', column: 'created_at', notNull: true },
  updated_at: { name: 'updated_at', kind: 'string', column: 'updated_at', notNull: true },
  position: { name: 'position', kind: 'number', column: 'position' },
};

// Computed list values that are specific to an area but still no route code: which area, from which fields.
// Applied only when the area and the fields exist, so a renamed field switches the extra off instead of failing.
export const SCHEDULES: Record<string, ScheduleFields> = {
  [banners.name]: BANNER_SCHEDULE,
};

export function declarationError(area: string, problem: string): Error {
  return new Error(`Area '${area}' is declared wrongly: ${problem}`);
}

export function buildAreaModel(declaration: AreaDeclaration, all: readonly AreaDeclaration[] = [declaration]): AreaModel {
  const { name } = declaration;
  if (!AREA_NAME.test(name)) throw declarationError(name, 'its name must be lowercase letters, digits and single hyphens');

  const declared = fieldsOf(declaration.schema);
  const fields = new Map(declared);
  if (declaration.kind === 'inbox') for (const [field, info] of INBOX_FIELDS) fields.set(field, info);

  for (const field of fields.keys()) {
    if (!FIELD_NAME.test(field)) throw declarationError(name, `field '${field}' must be letters, digits and underscores`);
    if ((SYSTEM_FIELDS as readonly string[]).includes(field) || field === 'position') {
      throw declarationError(name, `field '${field}' clashes with a system field`);
    }
    if (field === VERSION_FIELD) {
      throw declarationError(name, `field '${VERSION_FIELD}' is reserved: every record answers its version there (edit conflicts, schema/conflicts.ts)`);
    }
  }
  const jsonField = (field: string, role: string): ListField => {
    const info = fields.get(field);
    if (!info) throw declarationError(name, `${role} names '${field}', which is not one of its fields`);
    return { name: field, ...info };
  };
  // What an outside probe of adding an area met: an empty label answered " is required"; a misspelled website field
  // stopped the start with "Cannot read properties of undefined (reading '_zod')"; an ordered area without `active`
  // showed a Shown switch on every row that said "now hidden" and changed nothing.
  for (const [field, schema] of Object.entries(declaration.schema.shape)) {
    const label = optionsOf(schema as z.core.$ZodType).label;
    if (label !== undefined && label.trim() === '') throw declarationError(name, `field '${field}' has an empty label: the console and the API's messages name it by its label`);
  }
  const website = declaration.website;
  if (website) {
    for (const field of website.fields) jsonField(field, 'website.fields');
    for (const field of website.listFields ?? []) jsonField(field, 'website.listFields');
    for (const field of Object.keys(website.equals ?? {})) jsonField(field, 'website.equals');
    for (const field of Object.values(website.filters ?? {})) jsonField(field, 'website.filters');
    if (website.until) jsonField(website.until, 'website.until');
    if (website.detail && website.detail !== 'id') jsonField(website.detail, 'website.detail');
    if (website.lookup) jsonField(website.lookup.field, 'website.lookup');
  }

  const ordered = declaration.ordered === true;
  if (ordered && fields.get('active')?.kind !== 'boolean') {
    throw declarationError(name, "an ordered area needs a yes/no field named 'active' (fields.active('Shown on the website')): its list shows and switches it on every row");
  }
  const sortable = new Map<string, ListField>();
  for (const column of SYSTEM_FIELDS) sortable.set(column, COLUMNS[column]!);
  if (ordered) sortable.set('position', COLUMNS.position!);
  for (const field of declaration.sort ?? []) sortable.set(field, jsonField(field, 'sort'));
  if (declaration.kind === 'inbox') for (const field of ['status', 'read']) sortable.set(field, jsonField(field, 'sort'));

  const filterable = new Map<string, ListField>();
  for (const field of declaration.filters ?? []) filterable.set(field, jsonField(field, 'filters'));
  if (declaration.kind === 'inbox') for (const field of ['status', 'read']) filterable.set(field, jsonField(field, 'filters'));

  const search = (declaration.search ?? []).map((field) => jsonField(field, 'search'));
  const unique = [...(declaration.unique ?? [])];
  unique.forEach((field) => jsonField(field, 'unique'));
  const richText = [...(declaration.richText ?? [])];
  richText.forEach((field) => jsonField(field, 'richText'));
  // A save holds rich text to its maximum once cleaned (records.ts validate): read once here, and a field declared
  // without one throws at start, not on a save.
  const richTextMax = new Map(richText.map((field) => [field, fieldMax(declaration, field)]));
  const slug = declaration.slug && { field: declaration.slug.field as string, from: declaration.slug.from as string };
  if (slug) {
    jsonField(slug.field, 'slug.field');
    jsonField(slug.from, 'slug.from');
  }

  const [sortField, sortOrder] = declaration.defaultSort ?? (ordered ? ['position', 'ASC'] : ['created_at', 'DESC']);
  const defaultField = sortable.get(sortField);
  if (!defaultField) throw declarationError(name, `defaultSort names '${sortField}', which is not sortable`);

  const uploadFields = new Map<string, 'one' | 'many'>();
  for (const [field, schema] of Object.entries(declaration.schema.shape)) {
    const upload = isUploadField(schema as z.core.$ZodType);
    if (upload) uploadFields.set(field, upload);
  }

  const schedule = SCHEDULES[name];
  const hasScheduleFields = schedule && [schedule.active, schedule.start, schedule.end].every((field) => declared.has(field));

  const references: OutgoingReference[] = [];
  const renames = new Map<string, string>();
  const dates = new Set<string>();
  for (const [field, schema] of Object.entries(declaration.schema.shape)) {
    const options = optionsOf(schema as z.core.$ZodType);
    if (options.date) dates.add(field);
    if (options.references) {
      const target = all.find((area) => area.name === options.references!.area);
      if (!target) throw declarationError(name, `field '${field}' references area '${options.references.area}', which is not declared`);
      if (target.name === USERS_AREA) throw declarationError(name, `field '${field}' cannot reference '${USERS_AREA}'`);
      if (fields.get(field)?.kind !== 'number') throw declarationError(name, `reference field '${field}' must hold record ids (fields.reference)`);
      references.push({ ...options.references, field, label: fieldLabel(declaration, field) });
    }
    if (options.renamedFrom !== undefined) {
      const from = options.renamedFrom;
      if (!FIELD_NAME.test(from)) throw declarationError(name, `field '${field}' is renamed from '${from}', which is not a field name`);
      if (fields.has(from)) throw declarationError(name, `field '${field}' is renamed from '${from}', which is still declared`);
      if ([...renames.values()].includes(from)) throw declarationError(name, `two fields are renamed from '${from}'`);
      renames.set(field, from);
    }
  }

  const referencedBy: IncomingReference[] = [];
  for (const other of all) {
    for (const [field, schema] of Object.entries(other.schema.shape)) {
      const target = optionsOf(schema as z.core.$ZodType).references;
      if (target?.area !== name) continue;
      referencedBy.push({ from: other.name, fromLabel: other.label, field, onDelete: target.onDelete });
    }
  }
  const counted = all
    .flatMap((other) =>
      Object.entries(other.schema.shape).map(([field, schema]) => ({ from: other.name, field, options: optionsOf(schema as z.core.$ZodType) })),
    )
    .find(({ options }) => options.references?.area === name && options.references.countAs);
  if (counted && fields.has(counted.options.references!.countAs!)) {
    throw declarationError(name, `the count '${counted.options.references!.countAs}' clashes with one of its fields`);
  }

  return {
    declaration,
    name,
    kind: declaration.kind,
    schema: declaration.schema,
    ordered,
    fields,
    sortable,
    filterable,
    search,
    defaultSort: { field: defaultField, order: sortOrder },
    dateFilters: declaration.kind === 'inbox',
    unique,
    richText,
    richTextMax,
    slug,
    uploadFields,
    dates,
    schedule: hasScheduleFields ? schedule : undefined,
    referenceCount: counted && { as: counted.options.references!.countAs!, from: counted.from, field: counted.field },
    references,
    referencedBy,
    renames,
  };
}

/** The models of the areas an app serves; their declarations are checked here, at start-up. */
export function buildAreaModels(declarations: readonly AreaDeclaration[]): AreaModel[] {
  const seen = new Set<string>();
  return declarations.map((declaration) => {
    if (seen.has(declaration.name)) throw declarationError(declaration.name, 'another area has the same name');
    seen.add(declaration.name);
    return buildAreaModel(declaration, declarations);
  });
}
