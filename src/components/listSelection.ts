// A list's selection is of the rows on screen. react-admin keeps it across pages, sorts and filters: "select all" on
// page 1, then page 2 said "25 items selected" with none of its rows ticked, and Delete there would have removed 25
// posts the editor could not see (an outside probe). Another page, sort, page size or filter clears it; coming back to
// the list (from a record, say) keeps it, as react-admin does.
import { useEffect, useRef } from 'react';
import { useListContext } from 'react-admin';

/** `query`: the list's page, page size, filters and sort, as one text (ListStatus has it). */
export function useSelectionOfThisPage(query: string): void {
  const { selectedIds, onUnselectItems } = useListContext();
  const shown = useRef(query);
  useEffect(() => {
    if (shown.current === query) return;
    shown.current = query;
    if (selectedIds.length > 0) onUnselectItems();
    // Only another query clears: a selection made on this page stays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);
}
