import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext } from 'react';
import { DataProviderContext, useDataProvider } from 'react-admin';
import type { CornerstoneDataProvider } from '../dataProvider';

// The Forms menu badges (issue #3): unread submissions per inbox, from GET /api/forms/unread.
export const UNREAD_COUNTS_KEY = ['forms', 'unread'] as const;
export const UNREAD_REFETCH_MS = 60_000;

export type UnreadCounts = Readonly<Record<string, number>>;

// Anything but { inbox: count } (an error page, a stub) means "no badges", never a crash.
export function toUnreadCounts(answer: unknown): UnreadCounts {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return {};
  return Object.fromEntries(
    Object.entries(answer).filter(
      (entry): entry is [string, number] => Number.isSafeInteger(entry[1]) && (entry[1] as number) >= 0,
    ),
  );
}

export function useUnreadCounts(): UnreadCounts {
  const dataProvider = useDataProvider<CornerstoneDataProvider>();
  // react-admin's proxy answers every method name; the raw provider tells whether this one exists
  // (a test shell without our data provider has none).
  const raw = useContext(DataProviderContext) as Partial<CornerstoneDataProvider> | null;
  const { data } = useQuery({
    queryKey: UNREAD_COUNTS_KEY,
    queryFn: async () => toUnreadCounts(await dataProvider.unreadCounts()),
    enabled: typeof raw?.unreadCounts === 'function',
    refetchInterval: UNREAD_REFETCH_MS,
    retry: false,
  });
  return data ?? {};
}

// After a submission is opened, deleted or changed: the badge and the inbox's list must catch up.
export function useRefreshInbox(resource: string): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: UNREAD_COUNTS_KEY });
    void queryClient.invalidateQueries({ queryKey: [resource, 'getList'] });
  }, [queryClient, resource]);
}
