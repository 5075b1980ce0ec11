import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fields } from './define';
import { unwrap } from './unwrap';

const typeOf = (schema: z.core.$ZodType) => unwrap(schema)._zod.def.type;

describe('unwrap', () => {
  it("finds the type a field's value is checked against, under its wrappers", () => {
    expect(typeOf(fields.choice('Status', ['a', 'b']).default('a'))).toBe('enum');
    expect(typeOf(fields.optionalChoice('Budget', ['low', 'high']))).toBe('enum');
    expect(typeOf(fields.optionalText('Note'))).toBe('string');
    expect(typeOf(fields.objects('Rows', { label: fields.text('Label') }))).toBe('array');
    expect(typeOf(fields.reference('Job posting', { area: 'careers', onDelete: 'keep' }))).toBe('number');
    expect(typeOf(z.lazy(() => z.boolean()))).toBe('boolean');
  });
});
