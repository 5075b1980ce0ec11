import { flushSync } from 'react-dom';

// A list of rows, each with Move up, Move down and Remove buttons, and an Add button after them (the gallery's tiles,
// a form's list input, an ordered area's rows). Their ids, built from one prefix per list, are how the focus finds
// them once a row has moved or gone.
export const rowButtonId = (prefix: string, row: number | string, button: 'up' | 'down' | 'remove'): string => `${prefix}-${row}-${button}`;
export const removeButtonId = (prefix: string, index: number): string => rowButtonId(prefix, index, 'remove');
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

// After a Move up / Move down, the moved row's button may have been re-inserted in the DOM (losing focus) or
// disabled at an end of the list: give focus back to it, or to its twin. `row` is where the row now is.
export function refocusMoveButton(prefix: string, row: number | string, step: -1 | 1): void {
  const find = (which: 'up' | 'down') => document.getElementById(rowButtonId(prefix, row, which)) as HTMLButtonElement | null;
  const preferred = find(step === -1 ? 'up' : 'down');
  const twin = find(step === -1 ? 'down' : 'up');
  (preferred && !preferred.disabled ? preferred : twin)?.focus();
}
