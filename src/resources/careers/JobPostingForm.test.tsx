import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../dataProvider';
import { i18nProvider } from '../../i18nProvider';
import { JobPostingCreate } from './JobPostingCreate';

let requests: { method: string; url: URL; body: unknown }[] = [];

// Only the network is fake: the real data provider and httpClient run over it.
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
      if (init.method === 'POST') return new Response(JSON.stringify({ id: 9, ...(body as object) }), { status: 201 });
      return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderCreate() {
  render(
    <TestMemoryRouter initialEntries={['/careers/create']}>
      <AdminContext store={memoryStore()} dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="careers">
          <JobPostingCreate />
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const posts = () => requests.filter((r) => r.method === 'POST');

describe('job posting form', () => {
  it('shows the declaration’s messages under title, department and location when an empty posting is saved', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.click(await screen.findByRole('button', { name: 'Create job posting' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveAccessibleDescription(/Title is required/));
    expect(screen.getByRole('textbox', { name: /^Department/ })).toHaveAccessibleDescription(/Department is required/);
    expect(screen.getByRole('textbox', { name: /^Location/ })).toHaveAccessibleDescription(/Location is required/);
    // Defaults from the declaration are already chosen, so they raise nothing.
    expect(screen.getByRole('radio', { name: 'Open' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: /^Employment type/ })).toHaveTextContent('Full time');
    expect(posts()).toHaveLength(0);
  });

  it('sends a complete posting with its defaults', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Site Engineer');
    await user.type(screen.getByRole('textbox', { name: /^Department/ }), 'Engineering');
    await user.type(screen.getByRole('textbox', { name: /^Location/ }), 'Leeds');
    await user.click(screen.getByRole('button', { name: 'Create job posting' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({
      title: 'Site Engineer',
      department: 'Engineering',
      location: 'Leeds',
      status: 'open',
      employment_type: 'full_time',
    });
  });
});
