// The areas' facts (src/areaFacts.ts) worked out from the declarations as this module loads: in development and in
// tests. The production build replaces this module with what it exports, run at build time (vite.config.ts
// areaFactsAtBuildTime), so that the console's first screen builds no schema and carries no zod (issue #10).
import { safeParse, type z } from 'zod';
import { areas } from '../schema/areas';
import { optionsOf } from '../schema/define';
import { areaFieldLabels, itemShape } from '../schema/labels';
import type { AreaFacts } from './areaFacts';

// Required: refused empty (null, what a form sends for an emptied field or an empty choice), whether or not a default
// fills it in when left out (a posting's employment type starts as Full time, and cannot be emptied).
const refusesEmpty = (schema: z.core.$ZodType): boolean => !safeParse(schema, null).success;

export function workOutAreaFacts(): Record<string, AreaFacts> {
  return Object.fromEntries(
    areas.map((area) => {
      const max: Record<string, number> = {};
      const required: string[] = [];
      for (const [name, schema] of Object.entries(area.schema.shape)) {
        const limit = optionsOf(schema as Parameters<typeof optionsOf>[0]).max;
        if (limit !== undefined) max[name] = limit;
        if (refusesEmpty(schema)) required.push(name);
        // A list's items' fields as '<list>.<field>', as their labels are keyed.
        for (const [item, itemSchema] of Object.entries(itemShape(schema) ?? {})) {
          if (refusesEmpty(itemSchema)) required.push(`${name}.${item}`);
        }
      }
      return [area.name, { labels: areaFieldLabels(area), max, required }];
    }),
  );
}

export const AREA_FACTS: Readonly<Record<string, AreaFacts>> = workOutAreaFacts();
