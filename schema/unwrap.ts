// The type a field's value is checked against, under its wrappers: read by the console (schema/labels.ts) and by
// the API's field kinds (server/areas/fields.ts).
import type { z } from 'zod';

interface LooseDef {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  out?: z.core.$ZodType;
  getter?: () => z.core.$ZodType;
}

const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as LooseDef;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'success']);

/** The schema under optional/nullable/default/transform/preprocess wrappers: the type a value is checked against. */
export function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  // Bounded: a lazy schema could refer to itself.
  for (let depth = 0; depth < 32; depth++) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    // `.transform()` is pipe(schema, transform): the input schema is the type. `z.preprocess()` is
    // pipe(transform, schema): the output schema is.
    else if (def.type === 'pipe' && def.in && def.out) current = defOf(def.in).type === 'transform' ? def.out : def.in;
    else if (def.type === 'lazy' && def.getter) current = def.getter();
    else return current;
  }
  return current;
}
