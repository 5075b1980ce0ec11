// What a list tells a screen reader without moving the keyboard's place (WCAG 4.1.3, status messages): the outcome of
// a search, a filter, a sort or a page ('Blog posts: 1-3 of 3.', 'No blog posts found using the current filters.')
// and of a selection ('2 items selected'). The table changed silently before: a screen-reader user typing a search
// heard nothing of what it found (an outside keyboard probe). A page chosen in the pager also moves the keyboard to
// the page's heading: react-admin scrolls the new page to its top, and the focus stayed on the pager, off-screen.
import { Box } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useEffect, useState } from 'react';
import { useGetResourceLabel, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { focusPageHeading } from '../layout/focusRescue';
import { useSelectionOfThisPage } from './listSelection';

/** The pager react-admin draws (MUI's TablePagination): a page chosen from inside it takes the focus to the heading. */
const PAGER = '.MuiTablePagination-root';

export function ListStatus() {
  const { isPending, isFetching, error, total, page, perPage, filterValues, sort, data, selectedIds, resource } = useListContext();
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const query = JSON.stringify([page, perPage, filterValues, sort]);
  // Every list with a selection has this status: it keeps the selection to the page shown.
  useSelectionOfThisPage(query);
  const settled = !isPending && !isFetching && error == null;
  const selected = selectedIds.length;

  const resultOf = (): string => {
    const rows: readonly RaRecord[] = (data as RaRecord[] | undefined) ?? [];
    const count = total ?? rows.length;
    // The area's name as a heading says it ('Blog posts'), one record or many.
    const name = getResourceLabel(resource, 2);
    if (count === 0) {
      const filtered = Object.keys(filterValues ?? {}).length > 0;
      return translate(filtered ? 'ra.navigation.no_filtered_results' : 'ra.navigation.no_results', { name });
    }
    const offsetBegin = (page - 1) * perPage + 1;
    const offsetEnd = offsetBegin + rows.length - 1;
    return `${name}: ${translate('ra.navigation.page_range_info', { offsetBegin, offsetEnd, total: count })}.`;
  };
  // A message equal to the one before is still said again: a space that cannot be heard tells them apart.
  const after = (before: string, text: string) => (before === text ? `${text}\u00a0` : text);

  // What was said, and of which page: worked out as the list renders (React's state adjusted while rendering).
  const [said, setSaid] = useState({ message: '', query: undefined as string | undefined, page, selected, fromPager: false, headings: 0 });
  let next = said;
  if (page !== next.page) next = { ...next, page, fromPager: document.activeElement?.closest(PAGER) != null };
  if (settled && query !== next.query) {
    // The page as it opens is the page itself, read with it; only what changes after is said.
    const first = next.query === undefined;
    next = { ...next, query };
    if (!first) next = { ...next, message: after(next.message, resultOf()) };
    if (!first && next.fromPager) next = { ...next, fromPager: false, headings: next.headings + 1 };
  }
  if (selected !== next.selected) {
    const text = selected > 0 ? translate('ra.action.bulk_actions', { smart_count: selected }) : 'No items selected.';
    next = { ...next, selected, message: after(next.message, text) };
  }
  if (next !== said) setSaid(next);

  useEffect(() => {
    if (said.headings > 0) focusPageHeading();
  }, [said.headings]);

  return (
    <Box role="status" sx={visuallyHidden}>
      {said.message}
    </Box>
  );
}
