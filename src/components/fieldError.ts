// The message of a field's error, wherever in the field it is: the API names the part of a value it refuses (an
// upload field's `cover_image.src`, a gallery's `gallery.2.src`), and react-hook-form keeps such an error under the
// field, with no message of its own. An input that read only the field's own message showed none, and a save was
// refused with "Please check the form for errors" and nothing to say where (an outside probe, 2026-12-07).
import { get, useFormState } from 'react-hook-form';

export function fieldErrorMessage(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  for (const [key, part] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'message') continue;
    const found = fieldErrorMessage(part);
    if (found) return found;
  }
  return undefined;
}

/**
 * The field's error message, its parts' included. react-hook-form tells a field's controller only of errors set on the
 * field's own name: one set on `photo.src` (a save's answer) did not even draw the input again. Its form state, asked
 * for the field's name, follows the names inside it too.
 */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  return fieldErrorMessage(get(errors, name));
}
