// How an area of the console is declared, once, for the console and the API alike (issue #3).
// Imports only zod (STYLE.md): no React, no Node.
import { z } from 'zod';
import { disguisedApiAddressMessage, isApiAddressAsWritten } from './addresses';
import { DATE_FORMAT_HINT, normalizeDate } from './dates';
import { once } from './once';
import { SLUG_WORD } from './slug';
import { distinctTags } from './tags';
import { ALT_TEXT_MAX } from './uploads';
import type { WebsiteView } from './website';

// collection: a list of records; singleton: one record edited in place; inbox: submissions from the website.
export type AreaKind = 'collection' | 'singleton' | 'inbox';

// Where the area sits in the side menu (SPEC §2). 'homepage' is the collapsible Homepage inside Website Management.
export type MenuGroup =
  | 'homepage'
  | 'website-management'
  | 'content-management'
  | 'communications'
  | 'forms'
  | 'company-pages'
  | 'website-tools';

// Icon names the console knows how to draw (src/resources/icons.ts maps each to a component; TypeScript
// makes sure none is missing).
export const ICON_NAMES = [
  'hero',
  'features',
  'testimonials',
  'partners',
  'about',
  'users',
  'blog',
  'projects',
  'banners',
  'jobs',
  'contact',
  'applications',
  'projectForm',
  'contactForm',
  'aboutPage',
  'privacy',
  'seo',
  'counters',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

// Columns every record has, whatever its area: always sortable.
export const SYSTEM_FIELDS = ['id', 'created_at', 'updated_at'] as const;

// A record's field names, as strings (zod object keys).
type Keys<S extends z.ZodObject> = Extract<keyof z.infer<S>, string>;

export interface AreaDeclaration<S extends z.ZodObject = z.ZodObject> {
  // Route segment = API path = resource name (SPEC §2 spells them).
  name: string;
  // The menu title (SPEC §2).
  label: string;
  // How one record is named in titles and references (e.g. a blog post by its title).
  recordLabel?: Keys<S>;
  // What one record is called, singular, in sentence case as it reads after another word: 'post', 'job posting',
  // 'SEO entry'. The console's create button and create page read 'New <itemLabel>' (issue #8 item 7).
  itemLabel?: string;
  icon: IconName;
  group: MenuGroup;
  kind: AreaKind;
  // The fields a client may write, with their validation messages.
  schema: S;
  // Text fields that `filter.q` searches.
  search?: readonly Keys<S>[];
  // Fields the list can be sorted by (indexed); SYSTEM_FIELDS are always sortable.
  sort?: readonly Keys<S>[];
  // Fields usable as list filters: equality, or membership for array fields.
  filters?: readonly Keys<S>[];
  defaultSort?: readonly [Keys<S> | (typeof SYSTEM_FIELDS)[number] | 'position', 'ASC' | 'DESC'];
  // Records carry a `position` set by drag and drop; the list is sorted by it.
  ordered?: boolean;
  // HTML fields, sanitized on the server against an allow-list before they are stored.
  richText?: readonly Keys<S>[];
  // Values that must be unique within the area (e.g. a slug).
  unique?: readonly Keys<S>[];
  // A slug field filled from another field when left empty.
  slug?: { field: Keys<S>; from: Keys<S> };
  // What the public website reads of the area, at /api/public/<name> (schema/website.ts); absent: nothing.
  website?: WebsiteView<Keys<S>>;
}

/**
 * A declaration as written: its `schema` a function that builds it (`schema: () => z.object({ … })`). The schema is
 * built the first time it is read, then kept: the console builds only the areas it shows (issue #10: a signed-in
 * start ran the console's script about 100 ms shorter at CPU ×4 than when it built all of them; docs/performance.md),
 * the API all of them as it starts. A schema object is taken as it is (tests declare throwaway areas that way).
 */
export type AreaInput<S extends z.ZodObject> = Omit<AreaDeclaration<S>, 'schema'> & { schema: S | (() => S) };

/** Keeps the literal types of a declaration; its schema is built on first read. */
export function defineArea<S extends z.ZodObject>(input: AreaInput<S>): AreaDeclaration<S> {
  const { schema, ...declaration } = input;
  if (typeof schema !== 'function') return { ...declaration, schema };
  let built: S | undefined;
  return Object.defineProperty(declaration, 'schema', { get: () => (built ??= schema()), enumerable: true }) as AreaDeclaration<S>;
}

// ---- Field options: what the console and the database need to know about a field besides its validation ----

/** What happens to records that point at a deleted record (see FieldOptions.references). */
export type OnDelete = 'restrict' | 'keep';

export interface FieldReference {
  /** The area whose record ids this field holds. */
  area: string;
  /**
   * 'restrict': a record that others point at cannot be deleted (409, naming how many point at it).
   * 'keep': it can; the records that point at it keep the id, and the console shows the target as deleted.
   */
  onDelete: OnDelete;
  /** Adds this count to each target record in the target area's answers (e.g. applications per posting). */
  countAs?: string;
}

export interface FieldOptions {
  /** The field's name as people read it: form labels, column headers, messages. */
  label?: string;
  /** The most characters (text) or items (lists) accepted: helper texts and counters show it. */
  max?: number;
  /**
   * The name this field was stored under before: at the next start the stored values move to the new name, once,
   * in a transaction, recorded so it never runs again (docs/adding-a-resource.md).
   */
  renamedFrom?: string;
  /**
   * The value given, once, to existing records that have none when this field is added (or made required). New
   * records still follow the schema: unlike `.default()`, a backfill does not make the field optional.
   */
  backfill?: unknown;
  /** The field holds the id of another area's record. */
  references?: FieldReference;
  /**
   * Text that may span lines (a message, an address, a paragraph): it keeps the bidi embeddings and isolates that
   * right-to-left writing may need, which one-line text (a title, a name) refuses (BIDI_CONTROLS below).
   */
  multiline?: boolean;
  /** A date or a date and time (fields.date): answered in its one stored form (schema/dates.ts storedDate). */
  date?: boolean;
  /** What the API document says of the field beyond its label (its checks that JSON Schema cannot carry). */
  description?: string;
}

/** Field options by schema; a schema's copies (`.toLowerCase()`, `.refine()`…) inherit them. */
export const fieldOptions = once(() => z.registry<FieldOptions>());

/** Attaches options to a field's schema (the builders below do it for you): `field(z.string(), { label: 'Code' })`. */
export function field<T extends z.ZodType>(schema: T, options: FieldOptions): T {
  const current = fieldOptions().get(schema);
  const merged = { ...current, ...options };
  // A copy, so that a schema shared by other fields keeps its own options; its label and description go into the API
  // document as the field's JSON Schema `title` and `description` (an OpenAPI probe: a form generated from the
  // document had no labels, and no word of what a date or a slug must look like).
  const described = { ...(merged.label && { title: merged.label }), ...(merged.description && { description: merged.description }) };
  const target = schema.meta(described) as unknown as T;
  fieldOptions().add(target, merged);
  return target;
}

interface LooseDef {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  out?: z.core.$ZodType;
}

/** The options of a field, found through `.default()`, `.optional()`, `.nullable()` and `.transform()` wrappers. */
export function optionsOf(schema: z.core.$ZodType): FieldOptions {
  let current: z.core.$ZodType | undefined = schema;
  for (let depth = 0; current && depth < 16; depth++) {
    const found = fieldOptions().get(current as z.ZodType);
    if (found) return found;
    const def = current._zod.def as unknown as LooseDef;
    current = def.innerType ?? (def.type === 'pipe' ? (fieldOptions().get(def.in as z.ZodType) ? def.in : def.out) : undefined);
  }
  return {};
}

/** A field's label: its declared one, or its name made readable ('cover_image' → 'Cover image'). */
export function fieldLabel(area: Pick<AreaDeclaration, 'schema'>, name: string): string {
  const declared = area.schema.shape[name];
  const label = declared ? optionsOf(declared as z.core.$ZodType).label : undefined;
  return label ?? humanizeName(name);
}

/** A name or a stored value made readable: 'cover_image' → 'Cover image', 'full-time' → 'Full time'. */
export const humanizeName = (name: string) => {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The most characters (text) or items (lists) a field accepts: what helper texts and counters show. */
export function fieldMax(area: Pick<AreaDeclaration, 'name' | 'schema'>, name: string): number {
  const declared = area.schema.shape[name];
  const max = declared ? optionsOf(declared as z.core.$ZodType).max : undefined;
  if (max === undefined) throw new Error(`${area.name}.${name} declares no maximum`);
  return max;
}

/** What a field holds when a new record leaves it out (its `.default()`), e.g. a choice's first pick in a form. */
export function fieldDefault<S extends z.ZodObject, K extends Keys<S>>(
  area: Pick<AreaDeclaration<S>, 'name' | 'schema'>,
  name: K,
): z.infer<S>[K] {
  const declared = area.schema.shape[name] as z.ZodType | undefined;
  const parsed = declared?.safeParse(undefined);
  if (!parsed?.success || parsed.data === null) throw new Error(`${area.name}.${name} declares no default`);
  return parsed.data as z.infer<S>[K];
}

/** The order a list starts in: the declared one, else by position (ordered areas) or newest first. */
export const defaultSortOf = (
  area: Pick<AreaDeclaration, 'defaultSort' | 'ordered'>,
): readonly [string, 'ASC' | 'DESC'] => area.defaultSort ?? (area.ordered ? ['position', 'ASC'] : ['created_at', 'DESC']);

// C0 control characters (NUL among them), DEL and the C1 controls: invisible, and some tools choke on them (a NUL in a
// text column makes Debian's sqlite3 CLI report index corruption; PostgreSQL refuses it; U+009B is the 8-bit CSI that
// opens a terminal escape sequence, U+0085 a line break to some tools). Tab, LF and CR are text (issue #9).
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
export const controlCharacterMessage = (label: string) => `${label} contains a control character (such as NUL) that cannot be stored`;
export const brokenCharacterMessage = (label: string) => `${label} contains half of an emoji or symbol (a broken character) that cannot be stored`;
// Half of a UTF-16 pair (an emoji cut in two): PostgreSQL cannot store it and SQLite would keep a broken character,
// so both refuse it here, with the field's name (issue #9's property suite found the 500 it caused).
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);
export const isWellFormed = (value: string) => !LONE_SURROGATE.test(value);

// Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) reorder the text after them on screen:
// 'invoice\u202Efdp.exe' shows as 'invoiceexe.pdf'. One-line text (titles, names, tags, file names, addresses) refuses
// them; multi-line text (FieldOptions.multiline) and rich text keep them, as right-to-left writing may need them. The
// marks U+200E and U+200F set a direction without reordering anything: text everywhere.
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
export const bidiControlMessage = (label: string) =>
  `${label} contains a text-direction control (such as U+202E) that shows the text in another order than it is written`;
export const hasNoBidiControls = (value: string) => !BIDI_CONTROLS.test(value);

// Every control character, tab and line breaks included: none belongs in a one-line name or an address.
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** What a name of one line (an uploaded file's) loses: every control character and bidi control. */
export const NAME_HIDDEN_CHARACTERS = new RegExp(`${ANY_CONTROL.source}|${BIDI_CONTROLS.source}`, 'g');

// Browsers drop tabs and line breaks anywhere in an address and read '\' as '/' (issue #9): '/\t/evil.example' is
// '//evil.example' to them, another site. An address holds no control character (tab, LF and CR included), no bidi
// control and no whitespace but the plain space, which a browser encodes and never drops (`tel:+44 20 7946 0000`).
const ADDRESS_HIDDEN_CHARACTERS = new RegExp(`${ANY_CONTROL.source}|${BIDI_CONTROLS.source}|[^\\S ]`);
// '//host' and '/\host' are addresses of another site to a browser, which also reads '\' as '/': no backslash
// anywhere, and a path's second character is not a slash.
const OTHER_SITE = /^\/\/|\\/;
/** The address is read by a browser as it is written: nothing it drops or reads as another character. */
export const isReadAsWritten = (value: string) => !ADDRESS_HIDDEN_CHARACTERS.test(value);
export const leadsToAnotherSite = (value: string) => OTHER_SITE.test(value);
export const hiddenInAddressMessage = (label: string) =>
  `${label} must not hold tabs, line breaks or other invisible characters: browsers drop them and may read the rest as another site`;
// An uploaded file's address (fields.upload): one of our uploads (a path) or a web address, with no space either.
const FILE_ADDRESS = /^(https?:\/\/\S|\/)\S*$/i;
export const isFileAddress = (value: string) => FILE_ADDRESS.test(value) && !leadsToAnotherSite(value) && isReadAsWritten(value);

// What shows nothing on its own: format characters (zero-width space and joiners, U+FEFF), combining marks with no
// letter to sit on, spaces of every kind, the Hangul fillers and the blank Braille pattern. A required text made only
// of these ("\u200B", "\u3164") looks empty wherever it is shown: it is refused as empty.
const INVISIBLE_ONLY = /^[\p{Cf}\p{M}\p{Z}\s\u115f\u1160\u3164\uffa0\u2800]*$/u;
/** Whether the text has something to see: not only spaces and characters that show nothing. */
export const hasVisibleCharacter = (value: string) => !INVISIBLE_ONLY.test(value);

/** Text that can be stored and shows as it is written: no control character, no half of an emoji, and on one line no bidi control. */
const storableText = (schema: z.ZodString, label: string, multiline = false) => {
  const checked = schema.refine(hasNoControlCharacters, { error: controlCharacterMessage(label) }).refine(isWellFormed, { error: brokenCharacterMessage(label) });
  return multiline ? checked : checked.refine(hasNoBidiControls, { error: bidiControlMessage(label) });
};

// One uploaded file as the console keeps it (see fields.upload and fields.uploads). Its name and type are text the
// website shows (an image's alt text) and sends on: the same characters as one-line text.
const fileText = (label: string, max: number) => storableText(z.string().max(max), label);
export const uploadObject = once(() =>
  z.object({
    src: fileText('The file address', 500)
      .refine(isApiAddressAsWritten, { error: disguisedApiAddressMessage('The file address') })
      .meta({ description: 'The address POST /api/uploads answered (/api/uploads/<id>, written exactly so), or a web address (http or https).' }),
    title: fileText('The file name', 300).nullish(),
    // What an image shows, for people who cannot see it: the website's alt text (schema/uploads.ts altTextOf).
    alt: storableText(z.string().trim().max(ALT_TEXT_MAX), 'The alternative text').nullish(),
    mime: fileText('The file type', 200).nullish(),
    size: z.number().int().nonnegative().nullish(),
  }),
);

// Numbers come as JSON numbers or, from form inputs, as their digits: never as true, [5], '' (0), '1e3' or ' 5'.
const DECIMAL_TEXT = /^-?\d{1,15}(\.\d{1,15})?$/;
const fromDigits = (value: unknown) => (typeof value === 'string' && DECIMAL_TEXT.test(value) ? Number(value) : value);

// A link: a web address, a path on this site, an email address, a phone number or an anchor.
const LINK_START = /^(https?:\/\/|\/|mailto:|tel:|#)/i;
/**
 * A web address leads somewhere: it reads as a URL and names a site ('https://', 'http://.' and 'https://exa mple.com'
 * were taken and sent to the website, a homepage button leading nowhere: an outside probe). Other links pass.
 */
export function namesASite(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return true;
  try {
    const { hostname } = new URL(value);
    return /[\p{L}\p{N}]/u.test(hostname) && !hostname.startsWith('.') && !hostname.includes('..');
  } catch {
    return false;
  }
}
const DATE_DESCRIPTION = 'A date (YYYY-MM-DD), or a date and time in ISO 8601 (UTC unless it ends with an offset such as +02:00); empty or null is none.';
const LINK_DESCRIPTION =
  'A link: a web address (http:// or https://), a path on this site starting with /, mailto:, tel: or #anchor; not starting with // and without a backslash (browsers read those as another site); at most 2000 characters; empty or null is none.';

// An optional number: '', null and a missing key all mean "not given" (null); digits as text are taken (form inputs).
const optionalNumber = (label: string, min: number, max: number, integer: boolean) => {
  const bounded = z
    .number({ error: `${label} must be a number` })
    .min(min, { error: `${label} must be at least ${min}` })
    .max(max, { error: `${label} must be at most ${max}` });
  return z
    .preprocess(
      (value) => (value === '' ? null : fromDigits(value)),
      // The bounds first: 1e308 is over the maximum before it is past a whole number JavaScript can hold.
      (integer ? bounded.int({ error: `${label} must be a whole number` }) : bounded).nullable(),
    )
    .optional()
    .transform((value) => value ?? null);
};

// A required text's type error: missing (or null) is "required"; a number or a list where text belongs says so, not
// that the field is missing (`{"title": 123}` answered "Title is required").
const requiredText = (label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`;

// Reusable field builders, so every area words its messages the same way. Each takes the field's label (used in
// its messages and by the console) and, last, FieldOptions (renamedFrom, backfill, references…).
// A list field left out of a new record, or sent as null, is an empty list: null clears a list as it clears a date or
// a file (the JSON merge patch reading of null, RFC 7396), where it answered 400 "… must be a list" (an outside probe).
const emptyWhenNull = <T>(value: T[] | null | undefined): T[] => value ?? [];

export const fields = {
  text: (label: string, max = 200, options: FieldOptions = {}) =>
    field(
      storableText(
        z
          .string({ error: requiredText(label) })
          .trim()
          .min(1, { error: `${label} is required` })
          .max(max, { error: `${label} must be at most ${max} characters` })
          .refine(hasVisibleCharacter, { error: `${label} is required` }),
        label,
        options.multiline,
      ),
      { label, max, ...options },
    ),
  optionalText: (label: string, max = 500, options: FieldOptions = {}) =>
    field(
      storableText(z.string().trim().max(max, { error: `${label} must be at most ${max} characters` }), label, options.multiline)
        .nullish()
        .transform((value) => value || null),
      { label, max, ...options },
    ),
  html: (label: string, max = 200_000, options: FieldOptions = {}) =>
    field(
      // With the numbers, as the API's check once the HTML is cleaned says them (records.ts): "Content is too long" left
      // the author guessing how much to cut (an outside probe).
      storableText(
        z.string().max(max, {
          error: (issue) =>
            typeof issue.input === 'string'
              ? `${label} is too long: ${issue.input.length.toLocaleString('en')} characters of HTML, at most ${max.toLocaleString('en')}`
              : `${label} is too long: at most ${max.toLocaleString('en')} characters of HTML`,
        }),
        label,
        true,
      )
        .nullish()
        .transform((value) => value || null),
      { label, max, ...options },
    ),
  url: (label: string, options: FieldOptions = {}) =>
    field(
      storableText(
        z
          .string()
          .trim()
          .max(2000, { error: `${label} is too long` })
          .refine((value) => value === '' || LINK_START.test(value), {
            error: `${label} must be a web address (https://…) or a path starting with /`,
          })
          .refine(namesASite, { error: `${label} must name a site after https://, such as https://example.com/page, with no spaces` })
          .refine((value) => !leadsToAnotherSite(value), { error: `${label} must not start with // or hold a backslash: browsers read that as another site` })
          .refine(isApiAddressAsWritten, { error: disguisedApiAddressMessage(label) }),
        label,
      )
        .refine(isReadAsWritten, { error: hiddenInAddressMessage(label) })
        .nullish()
        .transform((value) => value || null),
      { label, max: 2000, description: LINK_DESCRIPTION, ...options },
    ),
  email: (label: string, options: FieldOptions = {}) =>
    field(
      z
        .string({ error: requiredText(label) })
        .trim()
        .max(254, { error: `${label} must be at most 254 characters` })
        .email({ error: `${label} must be a valid email address` }),
      { label, max: 254, ...options },
    ),
  // An uploaded file, stored by POST /api/uploads: the console keeps its URL and a few facts about it.
  upload: (label?: string, options: FieldOptions = {}) =>
    field(
      uploadObject().nullish().transform((value) => value ?? null),
      { ...(label && { label }), ...options },
    ),
  boolean: (label?: string, options: FieldOptions = {}) =>
    field(z.boolean({ error: 'Must be yes or no' }).default(false), { ...(label && { label }), ...options }),
  active: (label?: string, options: FieldOptions = {}) =>
    field(z.boolean({ error: 'Must be yes or no' }).default(true), { ...(label && { label }), ...options }),
  integer: (label: string, min: number, max: number, options: FieldOptions = {}) =>
    field(
      z.preprocess(
        fromDigits,
        z
          // Left empty (missing, null, or an emptied number input's ''): required, as a text field says it.
          .number({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? `${label} is required` : `${label} must be a number`) })
          .min(min, { error: `${label} must be at least ${min}` })
          .max(max, { error: `${label} must be at most ${max}` })
          .int({ error: `${label} must be a whole number` }),
      ),
      { label, ...options },
    ),
  /** `options.description` is said after what a date may be written as. */
  date: (label: string, options: FieldOptions = {}) =>
    field(
      z
        .string({ error: `${label} must be a valid date (${DATE_FORMAT_HINT})` })
        .trim()
        .refine((value) => value === '' || normalizeDate(value) !== null, { error: `${label} must be a valid date (${DATE_FORMAT_HINT})` })
        .nullish()
        // Stored as ISO 8601 in UTC (schema/dates.ts), the form the website's date rules compare.
        .transform((value) => (value ? normalizeDate(value) : null)),
      {
        label,
        ...options,
        description: options.description ? `${DATE_DESCRIPTION} ${options.description}` : DATE_DESCRIPTION,
        date: true,
      },
    ),
  choice: <T extends readonly [string, ...string[]]>(label: string, values: T, options: FieldOptions = {}) =>
    field(
      z.enum(values, {
        // Left empty is missing, as for text: the console's menu shows its labels, never these values (a new user's
        // probe read "Placement must be one of: homepage_top, …" under an empty menu).
        error: (issue) =>
          issue.input === undefined || issue.input === null || issue.input === '' ? `${label} is required` : `${label} must be one of: ${values.join(', ')}`,
      }),
      { label, ...options },
    ),
  tags: (label: string, options: FieldOptions = {}) =>
    field(
      z
        .array(
          storableText(
            z
              .string()
              .trim()
              .min(1, { error: `${label}: items cannot be empty` })
              .max(50)
              .refine(hasVisibleCharacter, { error: `${label}: items cannot be empty` }),
            label,
          ),
          { error: `${label} must be a list` },
        )
        .max(30, { error: `${label}: at most 30` })
        .nullish()
        // The same tag twice, in any case, is one tag (schema/tags.ts), as the console's tag input already kept it;
        // null is no tags, as for the other lists.
        .transform((value) => distinctTags(value ?? [])),
      { label, max: 30, ...options },
    ),
  // The part of a page's address that names a record; left empty, the server fills it from the area's `slug.from`.
  slug: (label = 'Slug', max = 120, options: FieldOptions = {}) =>
    field(
      z
        .string({ error: `${label} must be text` })
        .trim()
        // One way to write each slug: "e" + U+0301 is "é", and fullwidth "ｆｕｌｌ" is "full" (NFKC, as in web addresses),
        // so two posts cannot have addresses that look the same (an outside probe).
        .overwrite((value) => value.normalize('NFKC'))
        .max(max, { error: `${label} must be at most ${max} characters` })
        .refine((value) => value === '' || SLUG_PATTERN.test(value), {
          error: `${label} may contain only lowercase letters, numbers and single hyphens`,
        })
        .nullish()
        .transform((value) => value || null),
      { label, max, description: 'Lowercase letters, digits and single hyphens between them (other scripts keep their letters); empty or null: made from the record’s title or name, and made unique.', ...options },
    ),
  // A short list of short texts (e.g. company values); order is kept.
  list: (label: string, max = 20, itemMax = 120, options: FieldOptions = {}) =>
    field(
      z
        .array(
          storableText(
            z
              .string({ error: `${label}: each item must be text` })
              .trim()
              .min(1, { error: `${label}: items cannot be empty` })
              .max(itemMax, { error: `${label}: each item must be at most ${itemMax} characters` })
              .refine(hasVisibleCharacter, { error: `${label}: items cannot be empty` }),
            label,
          ),
          { error: `${label} must be a list` },
        )
        .max(max, { error: `${label}: at most ${max} items` })
        .nullish()
        .transform(emptyWhenNull),
      { label, max, ...options },
    ),
  // Several uploaded files (e.g. a gallery); the array order is the display order.
  uploads: (label: string, max = 30, options: FieldOptions = {}) =>
    field(
      z
        .array(uploadObject(), { error: `${label} must be a list of files` })
        .max(max, { error: `${label}: at most ${max} files` })
        .nullish()
        .transform(emptyWhenNull),
      { label, max, ...options },
    ),
  // A list of small records (e.g. addresses); the array order is the display order.
  objects: <T extends z.ZodRawShape>(label: string, shape: T, max = 20, options: FieldOptions = {}) =>
    field(
      z
        .array(z.object(shape, { error: `${label}: each entry must be an object` }), { error: `${label} must be a list` })
        .max(max, { error: `${label}: at most ${max} entries` })
        .nullish()
        .transform(emptyWhenNull),
      { label, max, ...options },
    ),
  optionalNumber: (label: string, min: number, max: number, options: FieldOptions = {}) =>
    field(optionalNumber(label, min, max, false), { label, ...options }),
  optionalInteger: (label: string, min: number, max: number, options: FieldOptions = {}) =>
    field(optionalNumber(label, min, max, true), { label, ...options }),
  // Select inputs send '' for "none": it means null here.
  optionalChoice: <T extends readonly [string, ...string[]]>(label: string, values: T, options: FieldOptions = {}) =>
    field(
      z
        .preprocess(
          (value) => (value === '' ? null : value),
          z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` }).nullable(),
        )
        .optional()
        .transform((value) => value ?? null),
      { label, ...options },
    ),
  /**
   * The id of a record in another area, or null. The API refuses an id that does not exist (400) and applies
   * `onDelete` when the target is deleted; the console shows the target's label.
   */
  reference: (label: string, references: FieldReference, options: FieldOptions = {}) =>
    field(
      z.preprocess(
        // Form inputs send text; a missing or empty value means "none". Anything but digits is left for the check.
        (value) => (value === '' || value === undefined ? null : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
        z
          .number({ error: `${label} must be a record id` })
          .int({ error: `${label} must be a record id` })
          .positive({ error: `${label} must be a record id` })
          .nullable(),
      ),
      { label, references, ...options },
    ),
};

// What a slug may look like: lowercase letters and digits in words joined by single hyphens.
// What slugify makes (schema/slug.ts): words of lowercase letters and digits, in any script, joined by single hyphens.
export const SLUG_PATTERN = new RegExp(`^${SLUG_WORD}(?:-${SLUG_WORD})*$`, 'u');

// The three inbox statuses and their order (issue #3: new → in progress → closed).
export const INBOX_STATUSES = ['new', 'in_progress', 'closed'] as const;

// The team's notes on a submission; the console counts down to it.
export const INBOX_NOTES_MAX = 5000;

// What an administrator may change on an inbox submission; the submitted fields themselves are read-only.
export const inboxUpdateSchema = once(() =>
  z.object({
    status: z.enum(INBOX_STATUSES, { error: `Status must be one of: ${INBOX_STATUSES.join(', ')}` }).optional(),
    notes: storableText(z.string().max(INBOX_NOTES_MAX, { error: `Notes must be at most ${INBOX_NOTES_MAX} characters` }), 'Notes', true)
      .nullish()
      .transform((value) => value || null),
    read: z.boolean().optional(),
  }),
);
export type InboxUpdate = z.infer<ReturnType<typeof inboxUpdateSchema>>;
