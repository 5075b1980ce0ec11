// The API's wording of zod's generic problems (issue #10 outside sweep): a schema that words its own messages (every
// declared field, schema/define.ts) keeps them; the rest (query parameters, path parameters, the inner values of a
// field) answered zod's own English ("Too big: expected string to have <=200 characters", "Invalid input: expected
// string, received array"). Set once for the process, as the server starts (server/app.ts).
import { z } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';

type Issue = $ZodRawIssue;

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

/** What a JSON value is, in the API's messages' words: 'text', 'a list', 'number'… */
export const described = (input: unknown): string =>
  Array.isArray(input) ? 'a list' : input === null ? 'null' : typeof input === 'object' ? 'an object' : typeof input === 'string' ? 'text' : typeof input;

/** `'tag'`, `'tags.0'`; "The value" at the top. */
const nameOf = (path: readonly PropertyKey[] | undefined): string => (path && path.length > 0 ? `'${path.map(String).join('.')}'` : 'The value');

export function apiMessage(issue: Issue): string | undefined {
  const name = nameOf(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return `${name} is required`;
      const expected = KINDS[String(issue.expected)] ?? String(issue.expected);
      // A query parameter given twice arrives as a list (a name alone: a value inside a body's field has a path).
      if (Array.isArray(issue.input) && issue.expected !== 'array' && (issue.path?.length ?? 0) <= 1) {
        return `${name} takes one value, not a list (is it given more than once?)`;
      }
      return `${name} must be ${expected}, not ${described(issue.input)}`;
    }
    case 'too_big':
      if (issue.origin === 'string') return `${name} must be at most ${String(issue.maximum)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${name} must hold at most ${String(issue.maximum)} items`;
      return `${name} must be at most ${String(issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? `${name} must not be empty` : `${name} must be at least ${String(issue.minimum)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${name} must hold at least ${String(issue.minimum)} items`;
      return `${name} must be at least ${String(issue.minimum)}`;
    case 'invalid_value':
      return `${name} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `${name} has fields this API does not take: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

z.config({ customError: apiMessage });
