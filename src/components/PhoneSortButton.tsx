import { useMediaQuery, type Theme } from '@mui/material';
import { SortButton } from 'react-admin';

/**
 * How a list is sorted on a phone, where the table (whose column headers sort it) gives way to a simple list: without
 * it a list could not be sorted below the small breakpoint at all (an outside browser probe). `fields`: what the API
 * sorts this area by, the list's own order first.
 */
export function PhoneSortButton({ fields }: { fields: readonly string[] }) {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const choices = [...new Set(fields)];
  return isPhone && choices.length > 1 ? <SortButton fields={choices} /> : null;
}
