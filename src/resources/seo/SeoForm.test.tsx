import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../dataProvider';
import { i18nProvider } from '../../i18nProvider';
import { SeoCreate } from './SeoCreate';

let posted: unknown[];

beforeEach(() => {
  posted = [];
  localStorage.setItem('access_token', 'tok');
  document.cookie = 'XSRF-TOKEN=csrf';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/seo' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posted.push(body);
        return new Response(JSON.stringify({ id: 5, ...body }), { status: 201 });
      }
      return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderCreate() {
  render(
    <TestMemoryRouter initialEntries={['/seo/create']}>
      <AdminContext store={memoryStore()} dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="seo">
          <SeoCreate />
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('SEO entry form', () => {
  it('counts the meta title live, turns the counter red past 60 and refuses to save', async () => {
    const user = userEvent.setup();
    renderCreate();
    const title = await screen.findByRole('textbox', { name: 'Meta title' });
    expect(screen.getByTestId('meta_title-count')).toHaveTextContent('0 / 60');

    await user.type(screen.getByRole('textbox', { name: 'Path' }), '/about');
    await user.type(title, 'a'.repeat(61));
    const counter = screen.getByTestId('meta_title-count');
    expect(counter).toHaveTextContent('61 / 60');
    expect(getComputedStyle(counter).color).not.toBe(getComputedStyle(screen.getByTestId('meta_description-count')).color);
    expect(title).toHaveAttribute('aria-invalid', 'true');
    // The live region speaks once typing pauses.
    await waitFor(() => expect(screen.getByText('1 character too many')).toBeInTheDocument(), { timeout: 3000 });

    await user.click(screen.getByRole('button', { name: 'Create SEO entry' }));
    expect(await screen.findByText('Meta title must be at most 60 characters')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('updates the search preview as you type and saves a valid entry', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.type(await screen.findByRole('textbox', { name: 'Path' }), '/projects');
    await user.type(screen.getByRole('textbox', { name: 'Meta title' }), 'Our projects');
    await user.type(screen.getByRole('textbox', { name: 'Meta description' }), 'Homes and offices we built.');
    expect(screen.getByTestId('seo-preview-title')).toHaveTextContent('Our projects');
    expect(screen.getByTestId('seo-preview-description')).toHaveTextContent('Homes and offices we built.');
    expect(screen.getByTestId('seo-preview-url')).toHaveTextContent('› projects');
    expect(screen.getByTestId('meta_description-count')).toHaveTextContent('27 / 160');
    await user.click(screen.getByRole('switch', { name: 'Hide from search engines (noindex)' }));
    expect(screen.getByText('noindex is on: search engines will not list this page.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create SEO entry' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ path: '/projects', meta_title: 'Our projects', meta_description: 'Homes and offices we built.', noindex: true });
  });
});
