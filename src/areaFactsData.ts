// The areas' facts (src/areaFacts.ts) worked out from the declarations as this module loads: in development and in
// tests. The production build replaces this module with what it exports, run at build time (vite.config.ts
// areaFactsAtBuildTime), so that the console's first screen builds no schema and carries no zod (issue #10).
import { areas } from '../schema/areas';
import { optionsOf } from '../schema/define';
import { areaFieldLabels } from '../schema/labels';
import type { AreaFacts } from './areaFacts';

export function workOutAreaFacts(): Record<string, AreaFacts> {
  return Object.fromEntries(
    areas.map((area) => {
      const max: Record<string, number> = {};
      for (const [name, schema] of Object.entries(area.schema.shape)) {
        const limit = optionsOf(schema as Parameters<typeof optionsOf>[0]).max;
        if (limit !== undefined) max[name] = limit;
      }
      return [area.name, { labels: areaFieldLabels(area), max }];
    }),
  );
}

export const AREA_FACTS: Readonly<Record<string, AreaFacts>> = workOutAreaFacts();
