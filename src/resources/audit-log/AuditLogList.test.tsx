import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AreaWrapper, fakeApi } from '../../components/sortableListTesting';
import { AuditLogList, type AuditEntry } from './AuditLogList';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const entries: AuditEntry[] = [
  {
    id: 4,
    at: minutesAgo(5),
    user_id: 1,
    user_name: 'Dana Builder',
    action: 'update',
    area: 'partners',
    record_id: 7,
    record_label: 'Northgate Developments',
    fields: ['name', 'website'],
    ip: '198.51.100.7',
    email: null,
  },
  {
    id: 3,
    at: minutesAgo(90),
    user_id: 1,
    user_name: 'Dana Builder',
    action: 'delete',
    area: 'partners',
    record_id: 9,
    record_label: 'Apex Steel',
    fields: null,
    ip: '198.51.100.7',
    email: null,
  },
  {
    id: 2,
    at: '2025-03-14T09:26:53.000Z',
    user_id: null,
    user_name: null,
    action: 'sign-in-failed',
    area: null,
    record_id: null,
    record_label: null,
    fields: null,
    ip: '203.0.113.40',
    email: 'nobody@example.test',
  },
  // Written before the API refused text-direction controls at sign-in: it read as a try of admin@example.com.
  {
    id: 1,
    at: '2025-03-13T08:00:00.000Z',
    user_id: null,
    user_name: null,
    action: 'sign-in-failed',
    area: null,
    record_id: null,
    record_label: null,
    fields: null,
    ip: '203.0.113.41',
    email: '\u202emoc.elpmaxe@nimda',
  },
];

let requests: URL[];

beforeEach(() => {
  localStorage.setItem('access_token', 'tok');
  fakeApi({
    'audit-log': entries.map((entry) => ({ ...entry })),
    // Partner 7 still exists, partner 9 was deleted.
    partners: [{ id: 7, name: 'Northgate Developments', position: 1 }],
    'users-management': [{ id: 1, name: 'Dana Builder', email: 'dana@example.test' }],
  });
  // The shared fake API, plus the CSV export it does not serve; every URL asked for is kept.
  const api = globalThis.fetch;
  requests = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url);
    if (url.pathname === '/api/audit-log/export.csv') return Promise.resolve(new Response('id,at\r\n', { headers: { 'Content-Type': 'text/csv' } }));
    return api(input, init);
  });
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderList() {
  return render(
    <AreaWrapper resource="audit-log">
      <AuditLogList />
    </AreaWrapper>,
  );
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('the Audit Log screen', () => {
  it('shows its heading and, per entry, when, who, the action, what, the fields and the address', async () => {
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeInTheDocument();
    const headers = (await screen.findAllByRole('columnheader')).map((cell) => cell.textContent);
    expect(headers).toEqual(['When', 'Who', 'Action', 'What', 'Fields', 'Address']);

    const update = await rowOf('Northgate Developments');
    const cells = within(update).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells[0]).toMatch(/^5m ago\w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d:\d\d [AP]M$/);
    expect(cells.slice(1)).toEqual(['Dana Builder', 'Updated', 'Partners SectionNorthgate Developments', 'name, website', '198.51.100.7']);

    const failed = await rowOf('nobody@example.test');
    const failedCells = within(failed).getAllByRole('cell').map((cell) => cell.textContent);
    expect(failedCells[0]).toContain('Mar 14, 2025');
    expect(failedCells.slice(1)).toEqual(['nobody@example.test', 'Sign-in failed', '—', '—', '203.0.113.40']);
    expect(within(failed).getByRole('time')).toHaveAttribute('datetime', '2025-03-14T09:26:53.000Z');

    // An invisible reordering character is written out, not obeyed.
    const spoof = await rowOf('\\u202emoc.elpmaxe@nimda');
    expect(within(spoof).getAllByRole('cell')[1]!.textContent).toBe('\\u202emoc.elpmaxe@nimda');
  });

  it('on a phone, lists what happened, who and from where, and when', async () => {
    // Every media query matches: the phone layout (theme.breakpoints.down('sm')).
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: true,
      media,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }));
    renderList();
    expect(await screen.findByText('Updated · Partners Section: Northgate Developments')).toBeInTheDocument();
    expect(screen.getAllByText('Dana Builder · 198.51.100.7')).toHaveLength(2);
    expect(screen.getByText('5m ago')).toBeInTheDocument();
    expect(screen.getAllByText('Sign-in failed')).toHaveLength(2);
    expect(screen.getByText('nobody@example.test · 203.0.113.40')).toBeInTheDocument();
    expect(screen.getByText('\\u202emoc.elpmaxe@nimda · 203.0.113.41')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader')).toBeNull();
  });

  it('links a record that still exists, and only names one that was deleted', async () => {
    renderList();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Northgate Developments' })).toHaveAttribute('href', '/partners/7'));
    const deleted = await rowOf('Apex Steel');
    expect(within(deleted).getByText('Deleted')).toBeInTheDocument();
    expect(within(deleted).queryByRole('link')).toBeNull();
  });

  it('asks the API newest first, and filters by action', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Northgate Developments');
    const list = requests.filter((url) => url.pathname === '/api/audit-log');
    expect(JSON.parse(list[0]?.searchParams.get('sort') ?? '')).toEqual(['at', 'DESC']);

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Sign-in failed' }));
    await waitFor(() => {
      const last = requests.filter((url) => url.pathname === '/api/audit-log').at(-1);
      expect(JSON.parse(last?.searchParams.get('filter') ?? '{}')).toEqual({ action: 'sign-in-failed' });
    });
  });

  it('exports what the filters show as CSV', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Northgate Developments');
    await user.type(screen.getByRole('textbox', { name: 'Search the audit log' }), 'north');
    await waitFor(() => {
      const last = requests.filter((url) => url.pathname === '/api/audit-log').at(-1);
      expect(JSON.parse(last?.searchParams.get('filter') ?? '{}')).toEqual({ q: 'north' });
    });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(requests.some((url) => url.pathname === '/api/audit-log/export.csv')).toBe(true));
    const exported = requests.find((url) => url.pathname === '/api/audit-log/export.csv');
    expect(JSON.parse(exported?.searchParams.get('filter') ?? '')).toEqual({ q: 'north' });
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled();
  });
});
