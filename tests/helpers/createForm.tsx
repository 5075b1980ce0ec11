// Renders a resource's create view over the real data provider, with only fetch faked (component tests).
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, memoryStore, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { afterEach, beforeEach, vi } from 'vitest';
import { dataProvider } from '../../src/dataProvider';
import { i18nProvider } from '../../src/i18nProvider';

export interface SentRequest {
  method: string;
  url: URL;
  body: unknown;
}

// Records every request; POST answers 201 with the body and `createdId`, anything else 404.
export function stubCreateApi(createdId: number): { requests: () => SentRequest[] } {
  let requests: SentRequest[] = [];
  beforeEach(() => {
    requests = [];
    document.cookie = 'XSRF-TOKEN=test-token; path=/';
    localStorage.setItem('access_token', 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const url = new URL(input, 'http://localhost');
        const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
        requests.push({ method: init.method ?? 'GET', url, body });
        if (init.method === 'POST') {
          return new Response(JSON.stringify({ id: createdId, ...(body as object) }), { status: 201 });
        }
        return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());
  return { requests: () => requests };
}

export function renderCreateView(resource: string, view: ReactElement): void {
  render(
    <TestMemoryRouter initialEntries={[`/${resource}/create`]}>
      <AdminContext store={memoryStore()} dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value={resource}>{view}</ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}
