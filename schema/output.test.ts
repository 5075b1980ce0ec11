import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { areas } from './areas';
import { banners } from './areas/banners';
import { blogs } from './areas/blogs';
import { careersForm } from './areas/careers-form';
import { hero } from './areas/hero';
import { samples } from './areas/samples';
import { fields, type AreaDeclaration } from './define';
import { outputSchemaOf, recordOutputSchema } from './output';

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

// A property's JSON type in one short word: 'string|null', 'integer', 'enum(a,b)|null', 'object[]'…
function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join('|');
  if (schema.enum) return `enum(${schema.enum.join(',')})`;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'unknown'];
  return types.map((type) => (type === 'array' ? `${typeOf(schema.items ?? {})}[]` : type)).join('|');
}

/** Each property of an object schema as `typeOf`, with '?' when the key may be missing. */
function shapeOf(schema: z.ZodType): Record<string, string> {
  const json = z.toJSONSchema(schema, { io: 'output' }) as JsonSchema;
  const required = new Set(json.required ?? []);
  return Object.fromEntries(
    Object.entries(json.properties ?? {}).map(([name, property]) => [`${name}${required.has(name) ? '' : '?'}`, typeOf(property)]),
  );
}

const systemTime = '2025-01-02T03:04:05.000Z';

/** A record as the API stores and answers it: the declaration's parse of a sample, plus the server's columns. */
function storedRecord(area: AreaDeclaration, sample: Record<string, unknown>, index: number): Record<string, unknown> {
  return {
    id: index + 1,
    ...area.schema.parse(sample),
    ...(area.ordered && { position: index + 1 }),
    ...(area.kind === 'inbox' && { status: 'new', read: false, notes: null }),
    version: 1,
    created_at: systemTime,
    updated_at: systemTime,
  };
}

describe('recordOutputSchema', () => {
  it('describes a blog post as stored: empty texts are null, choices and lists have their default', () => {
    // A field is answered when the stored record holds it ('?'): every write stores them all.
    expect(shapeOf(recordOutputSchema(blogs))).toEqual({
      id: 'integer',
      'title?': 'string',
      'slug?': 'string|null',
      'excerpt?': 'string|null',
      'content?': 'string|null',
      'cover_image?': 'object|null',
      'tags?': 'string[]',
      'status?': 'enum(draft,published)',
      'published_at?': 'string|null',
      'author?': 'string|null',
      version: 'integer',
      created_at: 'string',
      updated_at: 'string',
    });
  });

  it('answers a record that lacks a field (stored before the field was declared) as it is', () => {
    const record = { id: 3, title: 'Old post', version: 1, created_at: systemTime, updated_at: systemTime };
    expect(recordOutputSchema(blogs).parse(record)).toEqual(record);
  });

  it("adds what the caller computes (a banner's schedule), then the version and the timestamps", () => {
    const schema = recordOutputSchema(banners, { schedule: z.enum(['live', 'upcoming', 'expired', 'inactive']) });
    expect(Object.keys(schema.shape)).toEqual([
      'id',
      'title',
      'subtitle',
      'image',
      'link',
      'button_text',
      'placement',
      'starts_at',
      'ends_at',
      'active',
      'schedule',
      'version',
      'created_at',
      'updated_at',
    ]);
    expect(shapeOf(schema)).toMatchObject({ 'active?': 'boolean', 'placement?': 'enum(homepage_top,homepage_middle,sidebar,popup)', schedule: 'enum(live,upcoming,expired,inactive)' });
  });

  it("gives an inbox submission its status, read and notes, and a reference is an id or null", () => {
    expect(shapeOf(recordOutputSchema(careersForm))).toEqual({
      id: 'integer',
      'career_id?': 'integer|null',
      'full_name?': 'string',
      'email?': 'string',
      'phone?': 'string|null',
      'message?': 'string|null',
      'cv?': 'object|null',
      'status?': 'enum(new,in_progress,closed)',
      'read?': 'boolean',
      'notes?': 'string|null',
      version: 'integer',
      created_at: 'string',
      updated_at: 'string',
    });
  });

  it('describes an uploaded file with only its src required', () => {
    const upload = z.toJSONSchema(outputSchemaOf(fields.upload('CV')), { io: 'output' }) as JsonSchema;
    const object = upload.anyOf?.find((option) => option.type === 'object');
    expect(object?.required).toEqual(['src']);
    expect(Object.fromEntries(Object.entries(object?.properties ?? {}).map(([name, property]) => [name, typeOf(property)]))).toEqual({
      src: 'string',
      title: 'string|null',
      alt: 'string|null',
      mime: 'string|null',
      size: 'integer|null',
    });
  });

  it('lets a singleton that was never saved leave out its required fields and its timestamps be null', () => {
    const shape = shapeOf(recordOutputSchema(hero));
    expect(shape).toMatchObject({ 'headline?': 'string', 'subheadline?': 'string|null', created_at: 'string|null' });
    const unsaved = { id: 1, subheadline: null, background_image: null, cta_text: null, cta_link: null, version: 1, created_at: null, updated_at: null };
    expect(recordOutputSchema(hero).parse(unsaved)).toEqual(unsaved);
  });

  it('gives an ordered area its position', () => {
    const ordered = areas.find((area) => area.ordered)!;
    expect(shapeOf(recordOutputSchema(ordered)).position).toBe('integer|null');
  });

  it('accepts every stored sample record unchanged', () => {
    for (const area of areas) {
      for (const [index, sample] of (samples[area.name] ?? []).entries()) {
        const record = storedRecord(area, sample, index);
        const result = recordOutputSchema(area).safeParse(record);
        expect(result.error?.issues, `${area.name} sample ${index}`).toBeUndefined();
        expect(result.data, `${area.name} sample ${index}`).toEqual(record);
      }
    }
  });

  it('refuses a record whose stored value has the wrong type', () => {
    const record = storedRecord(blogs, samples.blogs![0]!, 0);
    expect(recordOutputSchema(blogs).safeParse({ ...record, tags: 'news' }).success).toBe(false);
    expect(recordOutputSchema(blogs).safeParse({ ...record, status: 'archived' }).success).toBe(false);
  });
});

describe('outputSchemaOf', () => {
  it('keeps the declared label as the title', () => {
    expect(z.toJSONSchema(outputSchemaOf(fields.text('Full name')))).toMatchObject({ title: 'Full name', type: 'string' });
    const json = z.toJSONSchema(recordOutputSchema(careersForm)) as { properties: Record<string, { title?: string }> };
    expect(json.properties.career_id?.title).toBe('Job posting');
  });

  it('tells whole numbers from numbers, and an optional number is nullable', () => {
    expect(typeOf(z.toJSONSchema(outputSchemaOf(fields.integer('Value', 0, 10))) as JsonSchema)).toBe('integer');
    expect(typeOf(z.toJSONSchema(outputSchemaOf(fields.optionalNumber('Area', 0, 10))) as JsonSchema)).toBe('number|null');
    expect(typeOf(z.toJSONSchema(outputSchemaOf(fields.optionalChoice('Budget', ['low', 'high']))) as JsonSchema)).toBe('enum(low,high)|null');
  });

  it('answers unknown for shapes it does not know, without throwing', () => {
    const odd = [z.map(z.string(), z.string()), z.custom<string>(() => true), z.preprocess(() => { throw new Error('no'); }, z.string())];
    for (const schema of odd) expect(() => outputSchemaOf(schema)).not.toThrow();
    expect(outputSchemaOf(z.map(z.string(), z.string()))).toBeInstanceOf(z.ZodUnknown);
  });
});
