// How an area of the console is declared, once, for the console and the API alike (issue #3).
// Imports only zod (STYLE.md): no React, no Node.
import { z } from 'zod';

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
}

// Identity function that keeps the literal types of a declaration.
export const defineArea = <S extends z.ZodObject>(declaration: AreaDeclaration<S>): AreaDeclaration<S> => declaration;

// One uploaded file as the console keeps it (see fields.upload and fields.uploads).
export const uploadObject = z.object({
  src: z.string().max(500),
  title: z.string().max(300).nullish(),
  mime: z.string().max(200).nullish(),
  size: z.number().int().nonnegative().nullish(),
});

// An optional number: '', null and a missing key all mean "not given" (null); text is coerced (form inputs).
const optionalNumber = (label: string, min: number, max: number, integer: boolean) => {
  const number = z.coerce.number({ error: `${label} must be a number` });
  return z
    .preprocess(
      (value) => (value === '' ? null : value),
      (integer ? number.int({ error: `${label} must be a whole number` }) : number)
        .min(min, { error: `${label} must be at least ${min}` })
        .max(max, { error: `${label} must be at most ${max}` })
        .nullable(),
    )
    .optional()
    .transform((value) => value ?? null);
};

// Reusable field builders, so every area words its messages the same way.
export const fields = {
  text: (label: string, max = 200) =>
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, { error: `${label} is required` })
      .max(max, { error: `${label} must be at most ${max} characters` }),
  optionalText: (label: string, max = 500) =>
    z
      .string()
      .trim()
      .max(max, { error: `${label} must be at most ${max} characters` })
      .nullish()
      .transform((value) => value || null),
  html: (label: string, max = 200_000) =>
    z
      .string()
      .max(max, { error: `${label} is too long` })
      .nullish()
      .transform((value) => value || null),
  url: (label: string) =>
    z
      .string()
      .trim()
      .max(2000, { error: `${label} is too long` })
      .refine((value) => value === '' || /^(https?:\/\/|\/|mailto:|tel:|#)/i.test(value), {
        error: `${label} must be a web address (https://…) or a path starting with /`,
      })
      .nullish()
      .transform((value) => value || null),
  email: (label: string) =>
    z
      .string({ error: `${label} is required` })
      .trim()
      .max(254, { error: `${label} must be at most 254 characters` })
      .email({ error: `${label} must be a valid email address` }),
  // An uploaded file, stored by POST /api/uploads: the console keeps its URL and a few facts about it.
  upload: () => uploadObject.nullish().transform((value) => value ?? null),
  boolean: () => z.boolean({ error: 'Must be yes or no' }).default(false),
  active: () => z.boolean({ error: 'Must be yes or no' }).default(true),
  integer: (label: string, min: number, max: number) =>
    z.coerce
      .number({ error: `${label} must be a number` })
      .int({ error: `${label} must be a whole number` })
      .min(min, { error: `${label} must be at least ${min}` })
      .max(max, { error: `${label} must be at most ${max}` }),
  date: (label: string) =>
    z
      .string()
      .trim()
      .refine((value) => value === '' || !Number.isNaN(Date.parse(value)), { error: `${label} must be a valid date` })
      .nullish()
      .transform((value) => value || null),
  choice: <T extends readonly [string, ...string[]]>(label: string, values: T) =>
    z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` }),
  tags: (label: string) =>
    z
      .array(z.string().trim().min(1).max(50), { error: `${label} must be a list` })
      .max(30, { error: `${label}: at most 30` })
      .default([]),
  // The part of a page's address that names a record; left empty, the server fills it from the area's `slug.from`.
  slug: (label = 'Slug', max = 120) =>
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, { error: `${label} must be at most ${max} characters` })
      .refine((value) => value === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value), {
        error: `${label} may contain only lowercase letters, numbers and single hyphens`,
      })
      .nullish()
      .transform((value) => value || null),
  // A short list of short texts (e.g. company values); order is kept.
  list: (label: string, max = 20, itemMax = 120) =>
    z
      .array(
        z
          .string({ error: `${label}: each item must be text` })
          .trim()
          .min(1, { error: `${label}: items cannot be empty` })
          .max(itemMax, { error: `${label}: each item must be at most ${itemMax} characters` }),
        { error: `${label} must be a list` },
      )
      .max(max, { error: `${label}: at most ${max} items` })
      .default([]),
  // Several uploaded files (e.g. a gallery); the array order is the display order.
  uploads: (label: string, max = 30) =>
    z
      .array(uploadObject, { error: `${label} must be a list of files` })
      .max(max, { error: `${label}: at most ${max} files` })
      .default([]),
  // A list of small records (e.g. addresses); the array order is the display order.
  objects: <T extends z.ZodRawShape>(label: string, shape: T, max = 20) =>
    z
      .array(z.object(shape, { error: `${label}: each entry must be an object` }), { error: `${label} must be a list` })
      .max(max, { error: `${label}: at most ${max} entries` })
      .default([]),
  optionalNumber: (label: string, min: number, max: number) => optionalNumber(label, min, max, false),
  optionalInteger: (label: string, min: number, max: number) => optionalNumber(label, min, max, true),
  // Select inputs send '' for "none": it means null here.
  optionalChoice: <T extends readonly [string, ...string[]]>(label: string, values: T) =>
    z
      .preprocess(
        (value) => (value === '' ? null : value),
        z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` }).nullable(),
      )
      .optional()
      .transform((value) => value ?? null),
};

// The three inbox statuses and their order (issue #3: new → in progress → closed).
export const INBOX_STATUSES = ['new', 'in_progress', 'closed'] as const;

// What an administrator may change on an inbox submission; the submitted fields themselves are read-only.
export const inboxUpdateSchema = z.object({
  status: z.enum(INBOX_STATUSES, { error: `Status must be one of: ${INBOX_STATUSES.join(', ')}` }).optional(),
  notes: z
    .string()
    .max(5000, { error: 'Notes must be at most 5000 characters' })
    .nullish()
    .transform((value) => value || null),
  read: z.boolean().optional(),
});
export type InboxUpdate = z.infer<typeof inboxUpdateSchema>;
