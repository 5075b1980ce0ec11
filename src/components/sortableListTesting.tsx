// A tiny in-memory API behind a stubbed fetch, in the ra-data-simple-rest dialect of server/routes/resources.ts,
// so component tests run the real dataProvider and httpClient. Plus the providers every area test renders in.
import type { ReactNode } from 'react';
import { AdminContext, memoryStore, Notification, ResourceContextProvider, TestMemoryRouter, type AuthProvider, type RaRecord } from 'react-admin';
import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { areaByName } from '../../schema/areas';
import { EDIT_CONFLICT_MESSAGE, sameValue } from '../../schema/conflicts';
import { areaFieldLabels } from '../../schema/labels';
import { dataProvider } from '../dataProvider';
import { testI18n } from './imageInputTesting';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

interface FakeApiOptions {
  // A list read refused as the API refuses it (503 with its message: the database down).
  failList?: { status: number; message: string };
  // Answer this status to PUT /api/<name>/order instead of reordering.
  failOrder?: number;
  // Field-level errors answered (400) to create and update.
  rejectWrites?: Record<string, string>;
  // Any other refusal of create and update, as the API words it (a 429 with Retry-After and its field's error).
  refuseWrites?: { status: number; message: string; errors?: Record<string, string>; headers?: Record<string, string> };
  // As server/routes/auth.ts: POST /api/login answers this token and user, and any other call without
  // `Bearer <token>` answers 401 (an expired, revoked or stale session).
  session?: { token: string; user: { id: number; name: string; email: string } };
  // Edit conflicts (issue #8), roughly as server/edit-conflicts.ts without its merge: a PUT naming a version other
  // than the row's answers 409, naming the fields it sends that differ, as saved by this user; a PUT bumps the version.
  conflictsBy?: { id: number; name: string };
  // POST /api/<name>/<id>/<action>, the API's actions on one record (server/routes/users.ts unlock): each answers a
  // status and a body for the row and what was sent, and may change the row; an action not named here answers 404.
  actions?: Record<string, (row: RaRecord, body: unknown) => { status: number; body: unknown }>;
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
    if (options.session) {
      const { token, user } = options.session;
      if (method === 'POST' && url.pathname === '/api/login') return json(200, { access_token: token, user });
      if (new Headers(init.headers).get('Authorization') !== `Bearer ${token}`) {
        return json(401, { message: 'Unauthorized' });
      }
      if (url.pathname === '/api/me') return json(200, user);
    }
    const [, , name, id, action] = url.pathname.split('/');
    const table = tables[name ?? ''];
    if (!name || !table) return json(404, { message: 'Not Found' });
    const sorted = () => [...table].sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0));

    if (method === 'GET' && !id) {
      if (options.failList) return json(options.failList.status, { message: options.failList.message });
      const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as { q?: string; id?: unknown };
      const q = filter.q?.toLowerCase();
      // react-admin's getMany asks for { id: [...] }; ids that no longer exist are simply not in the answer.
      const ids = filter.id === undefined ? undefined : [filter.id].flat().map(String);
      const rows = sorted().filter(
        (row) => (!q || JSON.stringify(row).toLowerCase().includes(q)) && (!ids || ids.includes(String(row.id))),
      );
      // A page asked for with range=[first,last] (ra-data-simple-rest), as the API answers it.
      const [first = 0, last = rows.length - 1] = JSON.parse(url.searchParams.get('range') ?? '[]') as number[];
      const page = rows.slice(first, last + 1);
      return json(200, page, { 'Content-Range': `${name} ${first}-${Math.max(first + page.length - 1, first)}/${rows.length}` });
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
    // GET /api/<area>/values/<field>: how many records hold each value of a list field, most used first.
    if (method === 'GET' && id === 'values' && action !== undefined) {
      const counts = new Map<string, number>();
      for (const record of table) for (const value of [record[action] ?? []].flat() as string[]) counts.set(value, (counts.get(value) ?? 0) + 1);
      return json(200, [...counts].sort((a, b) => b[1] - a[1]).map(([value, count]) => ({ value, count })));
    }
    const row = table.find((r) => String(r.id) === id);
    if (action !== undefined) {
      const act = method === 'POST' ? options.actions?.[action] : undefined;
      if (!row || !act) return json(404, { message: 'Not Found' });
      const answer = act(row, body);
      return json(answer.status, answer.body);
    }
    if (method === 'GET') return row ? json(200, row) : json(404, { message: 'Not Found' });
    if ((method === 'PUT' || method === 'POST') && options.rejectWrites) {
      return json(400, { message: 'Invalid', errors: options.rejectWrites });
    }
    if ((method === 'PUT' || method === 'POST') && options.refuseWrites) {
      const { status, message, errors, headers } = options.refuseWrites;
      return json(status, { message, ...(errors && { errors }) }, headers);
    }
    const sent = body as Record<string, unknown> | null;
    if (method === 'PUT' && row && options.conflictsBy && sent?.version !== undefined && sent.version !== row.version) {
      // A row may say which fields the other person changed (`_changedBy`): only those conflict, as the API merges
      // the rest; without it, every field sent that differs does.
      const { _changedBy: changedByOther, ...current } = row as RaRecord & { _changedBy?: string[] };
      const conflicts = Object.keys(sent).filter(
        (key) => !['id', 'version', 'created_at', 'updated_at'].includes(key) && !sameValue(sent[key], current[key]) && (!changedByOther || changedByOther.includes(key)),
      );
      return json(409, { message: EDIT_CONFLICT_MESSAGE, conflicts, current, updated_by: options.conflictsBy, updated_at: row.updated_at ?? null });
    }
    if (method === 'PUT' && row) {
      Object.assign(row, body);
      if (options.conflictsBy) row.version = Number(sent?.version ?? row.version ?? 0) + 1;
      return json(200, row);
    }
    if (method === 'POST') {
      const created = { ...(body as object), id: Math.max(0, ...table.map((r) => Number(r.id))) + 1, position: table.length + 1 };
      table.push(created);
      return json(201, created);
    }
    // A delete naming a version other than the row's (If-Match) is refused as the API refuses it.
    const ifMatch = new Headers(init.headers).get('If-Match');
    if (method === 'DELETE' && row && options.conflictsBy && ifMatch !== null && ifMatch !== `"${String(row.version)}"`) {
      return json(409, { message: EDIT_CONFLICT_MESSAGE, conflicts: [], current: row, updated_by: options.conflictsBy, updated_at: row.updated_at ?? null });
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
  // For views that ask who is signed in (the console's own, src/authProvider.ts, over fakeApi's `session`).
  authProvider?: AuthProvider;
  children: ReactNode;
}

// What <Admin> would give a view: router, data, i18n with the area's labels, a fresh store, the resource context,
// and react-admin's notification area so tests can read notices.
export function AreaWrapper({ resource, labels, path = `/${resource}`, route, authProvider, children }: AreaWrapperProps) {
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
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} store={memoryStore()} i18nProvider={testI18n({ [resource]: messages })}>
        <ResourceContextProvider value={resource}>{page}</ResourceContextProvider>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>
  );
}
