// Issue #10: what the console's first screen needs to know of the areas' fields, without building their schemas: each
// field's label (schema/labels.ts areaFieldLabels, the console's resources.<area>.fields.* messages), each limit a
// helper text states (schema/define.ts fieldMax) and the fields a label marks as required (src/components/declaredInputs/). Worked out from the declarations, the one source of both
// (./areaFactsData.ts); the production build works them out at build time, so that the console's chunk carries no zod
// (src/shims/zod-late.ts).
import { AREA_FACTS } from './areaFactsData';

export interface AreaFacts {
  /** Labels by i18n field key ('headline', 'gallery.caption'), as areaFieldLabels has them. */
  labels: Readonly<Record<string, string>>;
  /** The most characters (text) or items (lists) each field with a maximum accepts. */
  max: Readonly<Record<string, number>>;
  /** The fields a record cannot be saved without: the schema refuses them empty (null). */
  required: readonly string[];
}

/** Whether the areas' facts hold this area (every declared area; not a screen of its own, the audit log). */
export const knowsArea = (area: string): boolean => Object.hasOwn(AREA_FACTS, area);

/** A field's label, as the declaration words it; undefined for an area or a field it does not know. */
export function factLabel(area: string, field: string): string | undefined {
  const labels = AREA_FACTS[area]?.labels;
  return labels && Object.hasOwn(labels, field) ? labels[field] : undefined;
}

/** The maximum a field declares (as fieldMax): throws for a field without one, a mistake in the screen. */
export function factMax(area: string, field: string): number {
  const max = AREA_FACTS[area]?.max[field];
  if (max === undefined) throw new Error(`${area}.${field} declares no maximum`);
  return max;
}

/** Whether a record of the area cannot be saved without this field (false for a nested path or an unknown field). */
export function factRequired(area: string, field: string): boolean {
  return AREA_FACTS[area]?.required.includes(field) ?? false;
}
