import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, DeleteParams, DeleteResult, GetListResult, Identifier, RaRecord } from 'react-admin';
import type { z } from 'zod';
import { BACKGROUND_HEADER, LIST_COUNT_CAP } from '../schema/api';
import { VERSION_FIELD, etagOf } from '../schema/conflicts';
import type { uploadObject } from '../schema/define';
import { config } from './config';
import { apiUrl, downloadFile, HttpError, httpClient, uploadWithProgress, type UploadProgress } from './httpClient';

/** What a save of a record deleted since its page opened says. */
export const GONE_ON_SAVE =
  'This entry no longer exists: it was deleted after you opened it. Your changes are still in the form and were not saved: copy what you need, or create it again.';

/** What a delete refused because the record changed since the page showed it adds to the API's words. */
export const DELETE_CONFLICT_ADVICE = 'It was not deleted: reload the page to see the changes, then delete it if you still want to.';

// What POST /api/uploads answers, and what an upload field stores.
export type UploadedFile = z.infer<ReturnType<typeof uploadObject>>;

// The calls react-admin's dialect has no verb for (issue #3), next to the standard ones.
export interface CornerstoneDataProvider extends DataProvider {
  // Persists a drag-and-drop order: every id of the area, in its new order.
  reorder(resource: string, ids: readonly (number | string)[]): Promise<{ ids: (number | string)[] }>;
  upload(file: File, onProgress?: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<UploadedFile>;
  // A short-lived link for a private document (a CV): plain links cannot carry the Bearer token.
  documentLink(src: string): Promise<string>;
  unreadCounts(): Promise<Record<string, number>>;
  exportCsv(resource: string, filter: Record<string, unknown>): Promise<void>;
  // The values an array field holds across the area, most used first (tag suggestions, issue #10).
  fieldValues(resource: string, field: string, prefix?: string): Promise<{ value: string; count: number }[]>;
  // Lifts the lock failed sign-ins put on another administrator's account; `currentPassword` is your own.
  unlockUser(id: Identifier, currentPassword: string): Promise<{ data: RaRecord }>;
}

const base = simpleRestProvider(
  `${config.apiBase}api`,
  // ra-data-simple-rest expects fetchUtils.fetchJson's shape; ours matches it field for field.
  httpClient as Parameters<typeof simpleRestProvider>[1],
);

export const dataProvider: CornerstoneDataProvider = {
  ...base,
  // react-admin hands its reads (getList, getOne, getMany, getManyReference) the query's AbortSignal: a read nobody
  // waits for any more (a list page passed by, a search typed on, a screen left) is cancelled instead of running to its
  // end, so the loading overlay, which counts requests in flight, no longer outlasts the answer the screen shows by the
  // old request's time (it counted on until the abandoned answer came).
  supportAbortSignal: true,
  // ra-data-simple-rest's list request, plus `projection` from the list's meta: a list screen asks for its records
  // without their rich text (issue #10), under its own cache key, so an edit form never starts from such a record.
  // Past LIST_COUNT_CAP matches the API sends the total as unknown (`Content-Range: blogs 0-24/*`): the list then
  // counts more than the cap, which the pagination shows as "10,000+", or past it "19,751+" (src/i18nProvider.ts).
  async getList(resource, params) {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
    const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
    const start = (page - 1) * perPage;
    const query = new URLSearchParams({
      sort: JSON.stringify([field, order]),
      range: JSON.stringify([start, start + perPage - 1]),
      filter: JSON.stringify(params.filter ?? {}),
    });
    const projection = (params.meta as { projection?: unknown } | undefined)?.projection;
    if (typeof projection === 'string') query.set('projection', projection);
    const { headers, json } = await httpClient(apiUrl(`${resource}?${query.toString()}`), { signal: params.signal });
    const total = headers.get('content-range')?.split('/').pop();
    if (total === undefined) throw new Error(`The list of ${resource} came without its Content-Range header.`);
    const data = json as RaRecord[];
    if (total !== '*') return { data, total: Number.parseInt(total, 10) } as GetListResult;
    // Uncounted: at least one past the cap, and past this page while it is full, so that the pager goes on to the
    // next page: with the cap's total alone it stopped at page 401 and turned ?page=790 back to 401 (an outside probe).
    const seen = start + data.length + (data.length === perPage ? 1 : 0);
    return { data, total: Math.max(LIST_COUNT_CAP + 1, seen) } as GetListResult;
  },
  // Issue #8: a save names the version it started from, so the API merges a stale one or answers 409 (the error
  // keeps the answer's body: src/components/EditConflict.tsx). A form sends the record's version back with its
  // values; a control that saves one field (inbox notes) takes it from the record it shows.
  // A record deleted since the page opened answers 404: said as what happened and what to do, not "Not Found" (an
  // outside probe saved a post another tab had deleted).
  async update(resource, params) {
    const version = (params.data as Record<string, unknown>)[VERSION_FIELD] ?? (params.previousData as Record<string, unknown> | undefined)?.[VERSION_FIELD];
    try {
      return await base.update(resource, version === undefined ? params : { ...params, data: { ...params.data, [VERSION_FIELD]: version } });
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw new HttpError(GONE_ON_SAVE, 404, error.body);
      throw error;
    }
  },
  // A delete names the version the page showed (If-Match): a record someone saved since is not deleted with their
  // changes unseen, the API answers 409 and the notice says so (an outside probe deleted a colleague's newer edit
  // from a page opened before it). Without a version (a list row that has none) it deletes as before.
  async delete<RecordType extends RaRecord = RaRecord>(resource: string, params: DeleteParams<RecordType>): Promise<DeleteResult<RecordType>> {
    const version = (params.previousData as Record<string, unknown> | undefined)?.[VERSION_FIELD];
    try {
      const { json } = await httpClient(apiUrl(`${resource}/${encodeURIComponent(String(params.id))}`), {
        method: 'DELETE',
        headers: typeof version === 'number' ? { 'If-Match': etagOf(version) } : {},
      });
      return { data: json as RecordType };
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) throw new HttpError(`${error.message} ${DELETE_CONFLICT_ADVICE}`, 409, error.body);
      throw error;
    }
  },
  // A list's bulk delete: each record with the version its row showed (meta.versions, VersionedBulkDelete.tsx), as a
  // single delete does. One refused (409) leaves the others deleted and says which were not.
  async deleteMany(resource, params) {
    const versions = ((params.meta as { versions?: Record<string, number> } | undefined)?.versions ?? {}) as Record<string, number>;
    const results = await Promise.allSettled(
      params.ids.map((id) => dataProvider.delete(resource, { id, previousData: { id, [VERSION_FIELD]: versions[String(id)] } as RaRecord })),
    );
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (refused.length > 0) {
      const conflict = refused.find((result) => result.reason instanceof HttpError && result.reason.status === 409)?.reason as HttpError | undefined;
      if (conflict && refused.length === results.length && results.length === 1) throw conflict;
      const done = results.length - refused.length;
      throw new HttpError(
        conflict
          ? `${refused.length} of ${results.length} were not deleted: someone changed them since the list was loaded${done > 0 ? ` (the other ${done} were deleted)` : ''}. Reload the list to see the changes, then delete them if you still want to.`
          : ((refused[0]!.reason as Error)?.message ?? 'The delete failed.'),
        conflict ? 409 : ((refused[0]!.reason as HttpError)?.status ?? 0),
      );
    }
    return { data: params.ids };
  },
  async reorder(resource, ids) {
    // The list shows the new order at once and says when it is saved: no overlay over it (issue #8 item 6).
    const { json } = await httpClient(apiUrl(`${resource}/order`), {
      method: 'PUT',
      body: JSON.stringify({ ids }),
      ownProgress: true,
    });
    return json as { ids: (number | string)[] };
  },
  async upload(file, onProgress, signal) {
    const form = new FormData();
    form.set('file', file);
    return (await uploadWithProgress(apiUrl('uploads'), form, onProgress, signal)) as UploadedFile;
  },
  async documentLink(src) {
    const { json } = await httpClient(`${src.replace(/\?.*$/, '')}/link`, { method: 'POST' });
    return (json as { url: string }).url;
  },
  async unreadCounts() {
    // Polled every minute without the user doing anything: not use of the session (schema/api.ts BACKGROUND_HEADER).
    const { json } = await httpClient(apiUrl('forms/unread'), { headers: { [BACKGROUND_HEADER]: '1' } });
    return json as Record<string, number>;
  },
  async fieldValues(resource, field, prefix) {
    const query = new URLSearchParams({ limit: '100', ...(prefix ? { q: prefix } : {}) });
    const { json } = await httpClient(apiUrl(`${resource}/values/${field}?${query.toString()}`));
    return Array.isArray(json) ? (json as { value: string; count: number }[]) : [];
  },
  async unlockUser(id, currentPassword) {
    // POST /api/users-management/:id/unlock (server/routes/users.ts).
    const { json } = await httpClient(apiUrl(`users-management/${encodeURIComponent(String(id))}/unlock`), {
      method: 'POST',
      body: JSON.stringify({ current_password: currentPassword }),
    });
    return { data: json as RaRecord };
  },
  async exportCsv(resource, filter) {
    const query = new URLSearchParams({ filter: JSON.stringify(filter) });
    const day = new Date().toISOString().slice(0, 10);
    await downloadFile(apiUrl(`${resource}/export.csv?${query.toString()}`), `${resource}-${day}.csv`);
  },
};
