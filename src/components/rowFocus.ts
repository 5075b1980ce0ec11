import { flushSync } from 'react-dom';

// A list of rows, each with a Remove button, and an Add button after them (the gallery's tiles, a form's list input).
// Their ids, built from one prefix per list, are how the focus finds them once a row is gone.
export const removeButtonId = (prefix: string, index: number): string => `${prefix}-${index}-remove`;
export const addButtonId = (prefix: string): string => `${prefix}-add`;

/**
 * Removes row `index` of the `count` rows of list `prefix`, and keeps the keyboard where it was: on the Remove of the
 * row that took its place, else of the row before, else on the list's Add. The removed button took the focus with it,
 * which the focus rescue (src/layout/focusRescue.ts) then gave to the page heading, far from the list (a new user's
 * keyboard probe). The removal is drawn at once (flushSync), so the neighbour is focused before anything else moves it.
 */
export function removeKeepingFocus(prefix: string, index: number, count: number, remove: () => void): void {
  flushSync(remove);
  const left = count - 1;
  const neighbour = left > 0 ? document.getElementById(removeButtonId(prefix, Math.min(index, left - 1))) : null;
  (neighbour ?? document.getElementById(addButtonId(prefix)))?.focus();
}
