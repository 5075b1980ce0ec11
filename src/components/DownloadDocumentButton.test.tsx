import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, RecordContextProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../dataProvider';
import { DownloadDocumentButton } from './DownloadDocumentButton';

let clicked: string[];
let requests: { method: string; path: string }[];

beforeEach(() => {
  clicked = [];
  requests = [];
  localStorage.setItem('access_token', 'tok');
  document.cookie = 'XSRF-TOKEN=csrf';
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.href);
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      requests.push({ method: init.method ?? 'GET', path: url.pathname });
      if (url.pathname === '/api/uploads/9/link') return new Response(JSON.stringify({ url: '/api/uploads/9?token=short-lived' }));
      return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderWith = (record: Record<string, unknown>) =>
  render(
    <AdminContext store={memoryStore()} dataProvider={dataProvider}>
      <RecordContextProvider value={{ id: 1, ...record }}>
        <DownloadDocumentButton />
      </RecordContextProvider>
    </AdminContext>,
  );

describe('Download CV', () => {
  it('asks for a short-lived link, then sends the browser to it', async () => {
    const user = userEvent.setup();
    renderWith({ cv: { src: '/api/uploads/9', title: 'cv-noor.pdf', mime: 'application/pdf', size: 245_760 } });
    expect(screen.getByText('cv-noor.pdf · 240 KB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download CV' }));
    await waitFor(() => expect(clicked).toEqual(['http://localhost:3000/api/uploads/9?token=short-lived']));
    expect(requests).toContainEqual({ method: 'POST', path: '/api/uploads/9/link' });
  });

  it('says so when no CV was attached', () => {
    renderWith({ cv: null });
    expect(screen.queryByRole('button', { name: 'Download CV' })).not.toBeInTheDocument();
    expect(screen.getByText('No CV attached')).toBeInTheDocument();
  });
});
