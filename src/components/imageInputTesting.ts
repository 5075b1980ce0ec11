// Test doubles for the network under upload inputs: only XMLHttpRequest (uploads) and fetch (everything else) are
// replaced; the real dataProvider and httpClient run on top of them.
import { deepmerge } from '@mui/utils';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { vi } from 'vitest';

type Handler = ((event: ProgressEvent) => void) | null;

export class FakeXhr {
  static instances: FakeXhr[] = [];
  static get last(): FakeXhr {
    const last = FakeXhr.instances.at(-1);
    if (!last) throw new Error('no upload was started');
    return last;
  }

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: Handler } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;

  constructor() {
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.onabort?.(new ProgressEvent('abort'));
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }

  respond(status: number, json: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(json);
    this.onload?.(new ProgressEvent('load'));
  }

  get file(): File {
    return (this.body as FormData).get('file') as File;
  }
}

export function installFakeXhr() {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // The CSRF cookie is already there, so uploads do not fetch /api/csrf first.
  document.cookie = 'XSRF-TOKEN=test-csrf; path=/';
}

// A file of a given size without allocating it.
export function fakeFile(name: string, type: string, size = 2048): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

export const uploadAnswer = (name: string, mime = 'image/png', size = 2048) => ({
  id: 'u1',
  src: `/api/uploads/u1/${name}`,
  title: name,
  mime,
  size,
});

// English messages plus an area's own labels (resources.<name>.fields.*), as src/i18nProvider.ts merges them,
// without loading every other area's views.
export function testI18n(resources: Record<string, { name?: string; fields?: Record<string, string> }> = {}) {
  return polyglotI18nProvider(() => deepmerge(englishMessages, { resources }), 'en', [{ locale: 'en', name: 'English' }], {
    allowMissing: true,
  });
}
