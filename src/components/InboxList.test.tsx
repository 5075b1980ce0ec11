import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactUsForm } from '../../schema/areas/contact-us-form';
import { dataProvider } from '../dataProvider';
import { i18nProvider } from '../i18nProvider';
import { InboxList } from './InboxList';

const messages = [
  {
    id: 2,
    full_name: 'Noor Haddad',
    email: 'noor@example.com',
    subject: 'Site visit request',
    message: 'Hello',
    status: 'new',
    read: false,
    notes: null,
    created_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
  },
  {
    id: 1,
    full_name: 'Liam Chen',
    email: 'liam@example.com',
    subject: 'Quote follow-up',
    message: 'Hi',
    status: 'closed',
    read: true,
    notes: 'Called back',
    created_at: '2025-01-10T09:30:00.000Z',
  },
];

let requests: URL[];

beforeEach(() => {
  requests = [];
  localStorage.setItem('access_token', 'tok');
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      requests.push(url);
      if (url.pathname === '/api/contact-us-form/export.csv') {
        return new Response('id,full_name\n', { headers: { 'Content-Type': 'text/csv' } });
      }
      if (url.pathname === '/api/contact-us-form') {
        return new Response(JSON.stringify(messages), { headers: { 'Content-Range': 'contact-us-form 0-1/2' } });
      }
      return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderList() {
  render(
    <TestMemoryRouter initialEntries={['/contact-us-form']}>
      <AdminContext store={memoryStore()} dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="contact-us-form">
          <InboxList declaration={contactUsForm} topic={{ source: 'subject' }} />
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;

describe('inbox list', () => {
  it('lists submissions newest first, unread ones marked and bold', async () => {
    renderList();
    const unread = await rowOf('Noor Haddad');
    const read = await rowOf('Liam Chen');

    expect(within(unread).getByRole('img', { name: 'Unread' })).toBeInTheDocument();
    expect(within(read).queryByRole('img', { name: 'Unread' })).not.toBeInTheDocument();
    expect(getComputedStyle(within(unread).getByText('noor@example.com')).fontWeight).toBe('700');
    expect(getComputedStyle(within(read).getByText('liam@example.com')).fontWeight).not.toBe('700');

    expect(within(unread).getByText('Site visit request')).toBeInTheDocument();
    expect(within(unread).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(unread).getByText('New')).toBeInTheDocument();
    expect(within(read).getByText('Closed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Noor Haddad' })).toHaveAttribute('href', '/contact-us-form/2/show');

    const list = requests.find((url) => url.pathname === '/api/contact-us-form');
    expect(list?.searchParams.get('sort')).toBe('["created_at","DESC"]');
  });

  it('exports the CSV of what the filters show', async () => {
    const user = userEvent.setup();
    renderList();
    await rowOf('Noor Haddad');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Closed' }));
    await waitFor(() =>
      expect(requests.some((url) => url.pathname === '/api/contact-us-form' && url.searchParams.get('filter') === '{"status":"closed"}')).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(requests.some((url) => url.pathname === '/api/contact-us-form/export.csv')).toBe(true));
    const exported = requests.find((url) => url.pathname === '/api/contact-us-form/export.csv');
    expect(JSON.parse(exported?.searchParams.get('filter') ?? '')).toEqual({ status: 'closed' });
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled();
  });
});
