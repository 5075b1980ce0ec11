import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fields } from '../../schema/define';
import { fieldInfo, isUploadField } from './fields';

describe('fieldInfo', () => {
  it.each([
    ['text', fields.text('T'), { kind: 'string' }],
    ['optional text', fields.optionalText('T'), { kind: 'string' }],
    ['a date', fields.date('D'), { kind: 'string' }],
    ['a choice', fields.choice('C', ['a', 'b']), { kind: 'string' }],
    ['an optional choice (preprocess)', fields.optionalChoice('C', ['a', 'b']), { kind: 'string' }],
    ['an integer (coerced)', fields.integer('I', 0, 9), { kind: 'number' }],
    ['an optional number (preprocess, transform)', fields.optionalNumber('N', 0, 9), { kind: 'number' }],
    ['a nullish coerced number', z.coerce.number().int().positive().nullish(), { kind: 'number' }],
    ['a boolean with a default', fields.boolean(), { kind: 'boolean' }],
    ['tags', fields.tags('T'), { kind: 'array', element: 'string' }],
    ['an upload', fields.upload(), { kind: 'object' }],
    ['uploads', fields.uploads('U'), { kind: 'array', element: 'object' }],
    ['a numeric enum of literals', z.union([z.literal(1), z.literal(2)]), { kind: 'number' }],
  ])('knows %s', (_label, schema, info) => {
    expect(fieldInfo(schema)).toEqual(info);
  });
});

describe('isUploadField', () => {
  it('recognises one file and a list of files, nothing else', () => {
    expect(isUploadField(fields.upload())).toBe('one');
    expect(isUploadField(fields.uploads('G'))).toBe('many');
    expect(isUploadField(fields.objects('A', { label: fields.text('L') }))).toBe(false);
    expect(isUploadField(fields.text('T'))).toBe(false);
  });
});
