import type { z } from 'zod';
import { loadZod, zodLoaded } from '../shims/zod-late';
import { DATE_FORMAT_HINT } from '../../schema/dates';
import { skippedLocalTime } from './toInstant';

// The API tells a developer how to write a date (schema/define.ts fields.date); in the console the date is picked or
// typed in the browser's own picker, where what goes wrong is a year of five digits or a part left empty.
const DATE_HINT = ` (${DATE_FORMAT_HINT})`;
export const CONSOLE_DATE_HINT = ' (a four-digit year, and every part filled in)';
const consoleMessage = (message: string) => (message.endsWith(DATE_HINT) ? `${message.slice(0, -DATE_HINT.length)}${CONSOLE_DATE_HINT}` : message);

type Errors = Record<string, unknown>;

// Runs an area's zod schema (the one the API applies) as a react-admin form validator, so the console shows the
// same messages before the round trip. Nested paths become nested error objects, as react-hook-form expects.
// Issue #10: given as a function (`() => area.schema`), the schema is built on the first validation, not as the
// module runs: a screen in the console's chunk (the Hero Section's) built it in the chunk's evaluation, one long task
// of the start (60 ms of 613-740 at CPU x4), where the screen's render, in slices, builds it anyway (fieldMax).
// A validation before zod has loaded (src/shims/zod-late.ts: a first screen's form, changed in its first seconds) waits
// for it: react-admin takes a validator's promise of errors.
export function zodValidate(schema: z.ZodType | (() => z.ZodType)): (values: Record<string, unknown>) => Errors | Promise<Errors> {
  let built: z.ZodType | undefined;
  const validate = (values: Record<string, unknown>): Errors => {
    built ??= typeof schema === 'function' ? schema() : schema;
    const result = built.safeParse(values);
    const errors: Errors = {};
    for (const issue of result.success ? [] : result.error.issues) {
      if (issue.path.length === 0) continue;
      let target = errors;
      issue.path.forEach((key, index) => {
        const name = String(key);
        if (index === issue.path.length - 1) {
          if (target[name] === undefined) target[name] = consoleMessage(issue.message);
        } else {
          if (typeof target[name] !== 'object' || target[name] === null) target[name] = {};
          target = target[name] as Errors;
        }
      });
    }
    // A time the clocks skip (toInstant.ts): the schema reads it as no date at all; its own message says why. Checked
    // here because a form validated by a resolver ignores its inputs' own validators (an outside probe saved one).
    for (const [field, value] of Object.entries(values)) {
      const skipped = skippedLocalTime(value);
      if (skipped) errors[field] = skipped;
    }
    return errors;
  };
  return (values) => (zodLoaded() ? validate(values) : loadZod().then(() => validate(values)));
}
