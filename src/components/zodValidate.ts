import type { z } from 'zod';

type Errors = Record<string, unknown>;

// Runs an area's zod schema (the one the API applies) as a react-admin form validator, so the console shows the
// same messages before the round trip. Nested paths become nested error objects, as react-hook-form expects.
export function zodValidate(schema: z.ZodType): (values: Record<string, unknown>) => Errors {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Errors = {};
    for (const issue of result.error.issues) {
      if (issue.path.length === 0) continue;
      let target = errors;
      issue.path.forEach((key, index) => {
        const name = String(key);
        if (index === issue.path.length - 1) {
          if (target[name] === undefined) target[name] = issue.message;
        } else {
          if (typeof target[name] !== 'object' || target[name] === null) target[name] = {};
          target = target[name] as Errors;
        }
      });
    }
    return errors;
  };
}
