import { render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, memoryStore, TestMemoryRouter } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_HEADER } from '../../schema/api';
import { dataProvider } from '../dataProvider';
import { Menu } from '../layout/Menu';
import { toUnreadCounts } from './InboxUnread';

let unreadAnswer: unknown;
let pollHeaders: (string | null)[] = [];

beforeEach(() => {
  pollHeaders = [];
  localStorage.setItem('access_token', 'tok');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/forms/unread') {
        pollHeaders.push(new Headers(init.headers).get(BACKGROUND_HEADER));
        return new Response(JSON.stringify(unreadAnswer));
      }
      return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderMenu(dense = false) {
  render(
    <TestMemoryRouter initialEntries={['/dashboard']}>
      <AdminContext store={memoryStore()} dataProvider={dataProvider}>
        <Menu dense={dense} />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Main menu' });
}

describe('unread badges of the Forms menu items', () => {
  it('shows each inbox its unread count from GET /api/forms/unread', async () => {
    unreadAnswer = { 'careers-form': 3, 'project-form': 0, 'contact-us-form': 12 };
    const menu = renderMenu();
    const applications = within(menu).getByRole('link', { name: /Job Applications/ });
    expect(await within(applications).findByRole('img', { name: '3 unread' })).toHaveTextContent('3');
    expect(within(within(menu).getByRole('link', { name: /Contact Form/ })).getByRole('img', { name: '12 unread' })).toBeInTheDocument();
    // Nothing unread: no badge at all.
    expect(within(within(menu).getByRole('link', { name: /Project Form/ })).queryByRole('img')).not.toBeInTheDocument();
    // Asked by the console itself, not by the user: marked so it does not keep the session alive (issue #9).
    expect(pollHeaders[0]).toBe('1');
  });

  it('names the count in the collapsed sidebar, where only icons show', async () => {
    unreadAnswer = { 'careers-form': 3 };
    const menu = renderMenu(true);
    expect(await within(menu).findByRole('link', { name: 'Job Applications, 3 unread' })).toBeInTheDocument();
  });

  it('shows no badge when the answer is not a set of counts', async () => {
    unreadAnswer = { id: 1, name: 'Ada Admin', email: 'ada@example.com' };
    const menu = renderMenu();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(within(menu).queryByRole('img', { name: /unread/ })).not.toBeInTheDocument();
    expect(toUnreadCounts(['x'])).toEqual({});
    expect(toUnreadCounts({ 'careers-form': 2, bad: -1, worse: '3' })).toEqual({ 'careers-form': 2 });
  });
});
