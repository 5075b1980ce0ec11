import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fields } from '../../schema/define';
import { fieldInfo, isUploadField } from './fields';

describe('fieldInfo', () => {
  it.each([
    ['text', fields.text('T'), { kind: 'string' }],
    ['optional text', fields.optionalText('T'), { kind: 'string' }],
    ['a date', fields.date('D'), { kind: 'string' }],
    ['a choice', fields.choice('C', ['a', 'b']), { kind: 'string', choices: ['a', 'b'] }],
    ['an optional choice (preprocess)', fields.optionalChoice('C', ['a', 'b']), { kind: 'string', choices: ['a', 'b'] }],
    ['an integer (coerced)', fields.integer('I', 0, 9), { kind: 'number' }],
    ['an optional number (preprocess, transform)', fields.optionalNumber('N', 0, 9), { kind: 'number' }],
    ['a nullish coerced number', z.coerce.number().int().positive().nullish(), { kind: 'number' }],
    ['a boolean with a default', fields.boolean(), { kind: 'boolean' }],
    ['tags', fields.tags('T'), { kind: 'array', element: 'string' }],
    ['an upload', fields.upload(), { kind: 'object' }],
    ['uploads', fields.uploads('U'), { kind: 'array', element: 'object' }],
    ['a numeric enum of literals', z.union([z.literal(1), z.literal(2)]), { kind: 'number', choices: [1, 2] }],
    // A filter on a list of choices must name one of them (list-query.ts).
    ['a list of choices', z.array(z.enum(['a', 'b'])), { kind: 'array', element: 'string', choices: ['a', 'b'] }],
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
