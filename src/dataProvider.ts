import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import type { z } from 'zod';
import type { uploadObject } from '../schema/define';
import { config } from './config';
import { apiUrl, downloadFile, httpClient, uploadWithProgress, type UploadProgress } from './httpClient';

// What POST /api/uploads answers, and what an upload field stores.
export type UploadedFile = z.infer<typeof uploadObject>;

// The calls react-admin's dialect has no verb for (issue #3), next to the standard ones.
export interface CornerstoneDataProvider extends DataProvider {
  // Persists a drag-and-drop order: every id of the area, in its new order.
  reorder(resource: string, ids: readonly (number | string)[]): Promise<{ ids: (number | string)[] }>;
  upload(file: File, onProgress?: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<UploadedFile>;
  // A short-lived link for a private document (a CV): plain links cannot carry the Bearer token.
  documentLink(src: string): Promise<string>;
  unreadCounts(): Promise<Record<string, number>>;
  exportCsv(resource: string, filter: Record<string, unknown>): Promise<void>;
}

const base = simpleRestProvider(
  `${config.apiBase}api`,
  // ra-data-simple-rest expects fetchUtils.fetchJson's shape; ours matches it field for field.
  httpClient as Parameters<typeof simpleRestProvider>[1],
);

export const dataProvider: CornerstoneDataProvider = {
  ...base,
  async reorder(resource, ids) {
    const { json } = await httpClient(apiUrl(`${resource}/order`), {
      method: 'PUT',
      body: JSON.stringify({ ids }),
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
    const { json } = await httpClient(apiUrl('forms/unread'));
    return json as Record<string, number>;
  },
  async exportCsv(resource, filter) {
    const query = new URLSearchParams({ filter: JSON.stringify(filter) });
    const day = new Date().toISOString().slice(0, 10);
    await downloadFile(apiUrl(`${resource}/export.csv?${query.toString()}`), `${resource}-${day}.csv`);
  },
};
