// A tiny in-memory API behind a stubbed fetch, in the ra-data-simple-rest dialect of server/routes/resources.ts,
// so component tests run the real dataProvider and httpClient. Plus the providers every area test renders in.
import type { ReactNode } from 'react';
import { AdminContext, memoryStore, Notification, ResourceContextProvider, TestMemoryRouter, type RaRecord } from 'react-admin';
import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { areaByName } from '../../schema/areas';
import { areaFieldLabels } from '../../schema/labels';
import { dataProvider } from '../dataProvider';
import { testI18n } from './imageInputTesting';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

interface FakeApiOptions {
  // Answer this status to PUT /api/<name>/order instead of reordering.
  failOrder?: number;
  // Field-level errors answered (400) to create and update.
  rejectWrites?: Record<string, string>;
}

export function fakeApi(tables: Record<string, RaRecord[]>, options: FakeApiOptions = {}) {
  const calls: ApiCall[] = [];
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : null;
    calls.push({ method, path: url.pathname, body });
    const [, , name, id] = url.pathname.split('/');
    const table = tables[name ?? ''];
    if (!name || !table) return json(404, { message: 'Not Found' });
    const sorted = () => [...table].sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0));

    if (method === 'GET' && !id) {
      const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as { q?: string; id?: unknown };
      const q = filter.q?.toLowerCase();
      // react-admin's getMany asks for { id: [...] }; ids that no longer exist are simply not in the answer.
      const ids = filter.id === undefined ? undefined : [filter.id].flat().map(String);
      const rows = sorted().filter(
        (row) => (!q || JSON.stringify(row).toLowerCase().includes(q)) && (!ids || ids.includes(String(row.id))),
      );
      return json(200, rows, { 'Content-Range': `${name} 0-${Math.max(rows.length - 1, 0)}/${rows.length}` });
    }
    if (method === 'PUT' && id === 'order') {
      if (options.failOrder) return json(options.failOrder, { message: 'Something went wrong' });
      const ids = (body as { ids: number[] }).ids;
      ids.forEach((rowId, index) => {
        const row = table.find((r) => r.id === rowId);
        if (row) row.position = index + 1;
      });
      return json(200, { ids });
    }
    const row = table.find((r) => String(r.id) === id);
    if (method === 'GET') return row ? json(200, row) : json(404, { message: 'Not Found' });
    if ((method === 'PUT' || method === 'POST') && options.rejectWrites) {
      return json(400, { message: 'Invalid', errors: options.rejectWrites });
    }
    if (method === 'PUT' && row) {
      Object.assign(row, body);
      return json(200, row);
    }
    if (method === 'POST') {
      const created = { ...(body as object), id: Math.max(0, ...table.map((r) => Number(r.id))) + 1, position: table.length + 1 };
      table.push(created);
      return json(201, created);
    }
    if (method === 'DELETE' && row) {
      table.splice(table.indexOf(row), 1);
      return json(200, row);
    }
    return json(404, { message: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchStub);
  // Mutations carry the CSRF header; with the cookie present, no /api/csrf round trip is needed.
  document.cookie = 'XSRF-TOKEN=test-csrf; path=/';
  return { calls, tables };
}

interface AreaWrapperProps {
  resource: string;
  // The area's record name (views.labels); its field labels come from its declaration, as in src/i18nProvider.ts.
  labels?: { name?: string };
  path?: string;
  // A route pattern such as '/features/:id', for views that read the id from the URL.
  route?: string;
  children: ReactNode;
}

// What <Admin> would give a view: router, data, i18n with the area's labels, a fresh store, the resource context,
// and react-admin's notification area so tests can read notices.
export function AreaWrapper({ resource, labels, path = `/${resource}`, route, children }: AreaWrapperProps) {
  const declaration = areaByName(resource);
  const messages = { ...labels, ...(declaration && { fields: areaFieldLabels(declaration) }) };
  const page = route ? (
    <Routes>
      <Route path={route} element={children} />
    </Routes>
  ) : (
    children
  );
  return (
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} store={memoryStore()} i18nProvider={testI18n({ [resource]: messages })}>
        <ResourceContextProvider value={resource}>{page}</ResourceContextProvider>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>
  );
}
