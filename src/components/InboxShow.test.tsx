import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../dataProvider';
import { keepDrafts, noteSignedInUser } from '../drafts';
import { notifications } from '../notifications/store';
import { i18nProvider } from '../i18nProvider';
import { InboxField, InboxFieldList } from './InboxFields';
import { InboxSection, InboxShow } from './InboxShow';
import { useUnreadCounts } from './InboxUnread';

const submission = {
  id: 4,
  full_name: 'Noor Haddad',
  email: 'noor@example.com',
  phone: '+1 (555) 010-2030',
  subject: 'Site visit request',
  message: 'Could someone visit\nnext week?',
  status: 'new',
  read: true,
  notes: null as string | null,
  created_at: '2025-03-12T14:03:00.000Z',
  updated_at: '2025-03-12T14:03:00.000Z',
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}
let calls: Call[];
let stored: typeof submission;

beforeEach(() => {
  calls = [];
  stored = { ...submission };
  localStorage.setItem('access_token', 'tok');
  document.cookie = 'XSRF-TOKEN=csrf';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/forms/unread') return new Response(JSON.stringify({ 'contact-us-form': 0 }));
      if (url.pathname === '/api/contact-us-form/4') {
        if (method === 'PUT') stored = { ...stored, ...body };
        return new Response(JSON.stringify(stored));
      }
      if (url.pathname === '/api/contact-us-form') {
        return new Response(JSON.stringify([stored]), { headers: { 'Content-Range': 'contact-us-form 0-0/1' } });
      }
      return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

// Something on screen that reads the badge counts, as the menu does.
function BadgeReader() {
  useUnreadCounts();
  return null;
}

function renderShow() {
  return render(
    <TestMemoryRouter initialEntries={['/contact-us-form/4/show']}>
      <AdminContext store={memoryStore()} dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <BadgeReader />
        <ResourceContextProvider value="contact-us-form">
          <Routes>
            <Route
              path="/contact-us-form/:id/show"
              element={
                <InboxShow>
                  <InboxSection title="Message">
                    <InboxFieldList>
                      <InboxField label="Email" source="email" kind="email" />
                      <InboxField label="Phone" source="phone" kind="tel" />
                      <InboxField label="Company" source="company" />
                      <InboxField label="Message" source="message" kind="multiline" />
                    </InboxFieldList>
                  </InboxSection>
                </InboxShow>
              }
            />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const unreadRequests = () => calls.filter((call) => call.path === '/api/forms/unread').length;

describe('inbox submission page', () => {
  it('shows the submitted fields read-only, with mailto and tel links', async () => {
    renderShow();
    expect(await screen.findByRole('heading', { level: 1, name: 'Noor Haddad' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'noor@example.com' })).toHaveAttribute('href', 'mailto:noor@example.com');
    expect(screen.getByRole('link', { name: '+1 (555) 010-2030' })).toHaveAttribute('href', 'tel:+15550102030');
    expect(screen.getByText('Not provided')).toBeInTheDocument();
    expect(screen.getByText(/Mar 12, 2025/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
  });

  it('refreshes the unread badge once the submission is opened (the GET marks it read)', async () => {
    renderShow();
    await screen.findByRole('heading', { level: 1, name: 'Noor Haddad' });
    await waitFor(() => expect(unreadRequests()).toBeGreaterThanOrEqual(2));
  });

  it('saves a status change at once with PUT { status }', async () => {
    const user = userEvent.setup();
    renderShow();
    const status = await screen.findByRole('group', { name: 'Status' });
    expect(within(status).getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(status).getByRole('button', { name: 'In progress' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'PUT', path: '/api/contact-us-form/4', body: expect.objectContaining({ status: 'in_progress' }) }),
    );
    const put = calls.find((call) => call.method === 'PUT');
    expect(Object.keys(put?.body as object)).toEqual(['status']);
    await waitFor(() => expect(within(status).getByRole('button', { name: 'In progress' })).toHaveAttribute('aria-pressed', 'true'));
  });

  it('saves internal notes with PUT { notes }', async () => {
    const user = userEvent.setup();
    renderShow();
    const notes = await screen.findByRole('textbox', { name: 'Notes' });
    const save = screen.getByRole('button', { name: 'Save notes' });
    expect(save).toBeDisabled();
    await user.type(notes, 'Call back on Monday');
    await user.click(save);
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'PUT', path: '/api/contact-us-form/4', body: { notes: 'Call back on Monday' } }),
    );
  });

  it("keeps notes typed when the session ends, and gives them back, unsaved, once the same user has signed in again", async () => {
    const user = userEvent.setup();
    noteSignedInUser(7);
    const first = renderShow();
    await user.type(await screen.findByRole('textbox', { name: 'Notes' }), 'Visit booked for Tuesday');
    // The session ends (a 401): what the console does before it leaves for the sign-in page.
    expect(keepDrafts()).toBe(1);
    first.unmount();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    noteSignedInUser(7);
    renderShow();
    const notes = await screen.findByRole('textbox', { name: 'Notes' });
    expect(notes).toHaveValue('Visit booked for Tuesday');
    expect(screen.getByRole('button', { name: 'Save notes' })).toBeEnabled();
    expect(notifications.getSnapshot().map(({ title }) => title)).toContain('Changes Restored');
    await user.click(screen.getByRole('button', { name: 'Save notes' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'PUT', path: '/api/contact-us-form/4', body: { notes: 'Visit booked for Tuesday' } }),
    );
  });

  it('deletes only after confirmation', async () => {
    const user = userEvent.setup();
    renderShow();
    await user.click(await screen.findByRole('button', { name: 'Delete submission' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this submission?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: '/api/contact-us-form/4', body: undefined }));
  });
});
