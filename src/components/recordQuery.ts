// What a record's page does when its record cannot be read: react-admin says "This entry does not exist (it may have
// been deleted)" and goes to the list, whatever the cause. A post created just before the connection dropped was
// reported as perhaps deleted, and its editor would have created it again (an outside probe). A failed connection is
// said as SPEC §8's Connection Error; the page still goes to the list, which offers to try again.
import { useMemo } from 'react';
import { useNotify, useRedirect, useResourceContext } from 'react-admin';
import { catalogue } from '../notifications';
import { HttpError } from '../httpClient';

const unreachable = (error: unknown) => error instanceof HttpError && error.status === 0;

/** The `onError` of a record page's query (EditBase, ShowBase `queryOptions`). */
export function useRecordQueryOptions(): { onError: (error: unknown) => void } {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return useMemo(
    () => ({
      onError: (error: unknown) => {
        notify(unreachable(error) ? catalogue.networkError.message : 'ra.notification.item_doesnt_exist', { type: 'error' });
        redirect('list', resource);
      },
    }),
    [notify, redirect, resource],
  );
}
