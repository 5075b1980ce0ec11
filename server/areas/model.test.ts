import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { areas } from '../../schema/areas';
import { defineArea, fields, type AreaDeclaration } from '../../schema/define';
import { buildAreaModel, buildAreaModels } from './model';

const base = defineArea({
  name: 'things',
  label: 'Things',
  icon: 'features',
  group: 'website-tools',
  kind: 'collection',
  schema: z.object({ title: fields.text('Title'), count: fields.integer('Count', 0, 9), done: fields.boolean() }),
  sort: ['title', 'count'],
  filters: ['done'],
});

describe('buildAreaModel', () => {
  it('builds every registered area', () => {
    expect(buildAreaModels(areas)).toHaveLength(areas.length);
  });

  it('knows each sortable field’s kind; system fields are columns, never empty', () => {
    const model = buildAreaModel(base);
    expect([...model.sortable.values()]).toEqual([
      { name: 'id', kind: 'number', column: 'id', notNull: true },
      { name: 'created_at', kind: 'string', column: 'created_at', notNull: true },
      { name: 'updated_at', kind: 'string', column: 'updated_at', notNull: true },
      { name: 'title', kind: 'string' },
      { name: 'count', kind: 'number' },
    ]);
    expect(model.defaultSort).toEqual({ field: expect.objectContaining({ name: 'created_at' }), order: 'DESC' });
  });

  it('gives inboxes their status, read and date filters', () => {
    const model = buildAreaModel({ ...base, kind: 'inbox' } as AreaDeclaration);
    expect([...model.filterable.keys()]).toEqual(['done', 'status', 'read']);
    expect(model.dateFilters).toBe(true);
  });

  it.each([
    ['an unknown sort field', { sort: ['nope'] }, /sort names 'nope'/],
    ['an unknown filter', { filters: ['nope'] }, /filters names 'nope'/],
    ['an unknown slug source', { slug: { field: 'title', from: 'nope' } }, /slug.from names 'nope'/],
    ['a name SQL could not carry', { name: "x'; drop" }, /its name must be/],
    ['a field named like a system column', { schema: z.object({ created_at: fields.text('C') }) }, /clashes with a system field/],
    ['a field named version (edit conflicts, issue #8)', { schema: z.object({ version: fields.text('V') }) }, /field 'version' is reserved/],
    ['a field name that is not an identifier', { schema: z.object({ 'a-b': fields.text('C') }) }, /must be letters, digits and underscores/],
    ['a default sort that is not sortable', { defaultSort: ['done', 'ASC'] }, /defaultSort names 'done'/],
    // An outside probe of adding an area: each went through every check, and the API or the start met it later.
    ['an empty label', { schema: z.object({ title: fields.text('', 120) }) }, /^Area 'things' is declared wrongly: field 'title' has an empty label: the console and the API's messages name it by its label$/],
    ['a misspelled website field', { website: { fields: ['title', 'titel'] } }, /^Area 'things' is declared wrongly: website.fields names 'titel', which is not one of its fields$/],
    ['a misspelled website filter', { website: { fields: ['title'], filters: { done: 'dnoe' } } }, /website.filters names 'dnoe'/],
    ['an ordered area without active', { ordered: true }, /an ordered area needs a yes\/no field named 'active'/],
    ['an ordered area whose active is no yes/no', { ordered: true, schema: z.object({ title: fields.text('Title'), active: fields.text('Active') }) }, /an ordered area needs a yes\/no field named 'active'/],
  ])('refuses %s when the app starts', (_label, change, message) => {
    expect(() => buildAreaModel({ ...base, ...change } as AreaDeclaration)).toThrow(message);
  });

  it('takes an ordered area with its active flag, and a website view of declared fields', () => {
    const ordered = { ...base, ordered: true, schema: z.object({ title: fields.text('Title'), active: fields.active('Shown') }), sort: ['title'], filters: ['active'] };
    expect(buildAreaModel({ ...ordered, website: { fields: ['title'], equals: { active: true } } } as AreaDeclaration).ordered).toBe(true);
  });

  it('refuses two areas with one name', () => {
    expect(() => buildAreaModels([base, base])).toThrow(/another area has the same name/);
  });
});
