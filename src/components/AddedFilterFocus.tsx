// A filter chosen from 'Add filter' takes the keyboard (an outside keyboard probe): react-admin focuses the new field
// 50 ms after the choice, but the closing menu then gives the focus back to its button, and a keyboard user had to
// find the field behind it. Each filter's remove button also says which filter it removes, where react-admin calls
// every one of them 'Remove this filter'; removing one leaves the keyboard on 'Add filter', not at the page's start.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useListContext } from 'react-admin';

/** How long after a choice the menu may still hand the focus back to its button. */
const MENU_CLOSING_MS = 1000;

const fieldOf = (source: string) => document.querySelector<HTMLElement>(`.filter-field[data-source="${CSS.escape(source)}"]`);

/** The control a person types or chooses in: a select's combobox, not its hidden input. */
const controlOf = (field: HTMLElement) =>
  field.querySelector<HTMLElement>('[role="combobox"], input:not([type="hidden"]):not([aria-hidden="true"]), textarea');

export const removeFilterLabel = (label: string) => `Remove the ${label} filter`;

export function AddedFilterFocus() {
  const { displayedFilters } = useListContext();
  const shown = Object.keys(displayedFilters ?? {})
    .filter((source) => displayedFilters[source])
    .sort()
    .join('\n');
  const before = useRef<string | null>(null);

  // Names the remove buttons after their fields' labels, after every change of the filters shown.
  useLayoutEffect(() => {
    for (const field of document.querySelectorAll<HTMLElement>('#main-content .filter-field[data-source]')) {
      const remove = field.querySelector<HTMLElement>('.hide-filter');
      const label = field.querySelector('label')?.textContent?.replace(/\s*\*$/, '').trim();
      if (remove && label) remove.setAttribute('aria-label', removeFilterLabel(label));
    }
  });

  useEffect(() => {
    const previous = before.current;
    before.current = shown;
    // The filters a page opens with (from its address) are not a choice just made.
    if (previous === null) return;
    const had = new Set(previous.split('\n'));
    const now = new Set(shown.split('\n'));
    const added = [...now].find((source) => source && !had.has(source));
    if (!added) {
      if (![...had].some((source) => source && !now.has(source))) return;
      // A removed filter took the focused button with it: the focus goes to 'Add filter', not to the page's start,
      // nor to the heading the page's focus rescue (layout/focusRescue.ts) may have given it first (a select
      // filter's removal by keyboard: an outside probe).
      const toAddFilter = () => {
        const active = document.activeElement;
        if (!active || active === document.body || active.matches('#main-content h1')) {
          document.querySelector<HTMLElement>('#main-content .add-filter')?.focus();
        }
      };
      toAddFilter();
      const again = window.setTimeout(toAddFilter, 50);
      return () => window.clearTimeout(again);
    }
    const focusField = () => {
      const field = fieldOf(added);
      const control = field && controlOf(field);
      if (control && !field.contains(document.activeElement)) control.focus();
    };
    // The focus is taken back only from the menu's button or from nowhere: never from where the person went next.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && event.target.closest('.add-filter')) focusField();
    };
    document.addEventListener('focusin', onFocusIn);
    const settle = window.setTimeout(() => {
      if (document.activeElement === document.body || document.activeElement?.closest('.add-filter')) focusField();
    }, 300);
    const stop = window.setTimeout(() => document.removeEventListener('focusin', onFocusIn), MENU_CLOSING_MS);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      window.clearTimeout(settle);
      window.clearTimeout(stop);
    };
  }, [shown]);

  return null;
}
