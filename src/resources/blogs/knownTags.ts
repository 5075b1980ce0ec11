import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CornerstoneDataProvider } from '../../dataProvider';

/**
 * Tags already used by posts, A to Z: the 100 most used, from the API's count of each tag (issue #10: not from whole
 * posts). Offered while typing a post's tags, so the blog does not grow near-duplicates, and in the list's Tag filter.
 */
export function useKnownTags(): string[] {
  const dataProvider = useDataProvider<CornerstoneDataProvider>();
  const { data } = useQuery({ queryKey: ['blogs', 'values', 'tags'], queryFn: () => dataProvider.fieldValues('blogs', 'tags') });
  return (data ?? []).map(({ value }) => value).sort((a, b) => a.localeCompare(b));
}
