import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blogs } from '../../../schema/areas/blogs';
import { fieldMax } from '../../../schema/define';
import { dataProvider } from '../../dataProvider';
import { i18nProvider } from '../../i18nProvider';
import { BlogPostCreate } from './BlogPostCreate';

type Handler = (request: { method: string; url: URL; body: unknown }) => Response | undefined;

let requests: { method: string; url: URL; body: unknown }[] = [];

// Only the network is fake: the real data provider and httpClient run over it.
function stubApi(handler: Handler) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const request = { method: init.method ?? 'GET', url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      requests.push(request);
      return handler(request) ?? new Response(JSON.stringify([]), { headers: { 'Content-Range': 'blogs 0-0/0' } });
    }),
  );
}

function renderCreate() {
  render(
    <TestMemoryRouter initialEntries={['/blogs/create']}>
      <AdminContext store={memoryStore()} dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="blogs">
          <BlogPostCreate />
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

beforeEach(() => {
  requests = [];
  document.cookie = 'XSRF-TOKEN=test-token; path=/';
  localStorage.setItem('access_token', 'tok');
});
afterEach(() => vi.unstubAllGlobals());

describe('blog post form', () => {
  it('shows the declaration’s message under the title when an empty post is saved, and sends nothing', async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    renderCreate();
    await user.click(await screen.findByRole('button', { name: 'Create post' }));
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await waitFor(() => expect(title).toHaveAccessibleDescription(/Title is required/));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('labels the fields with the area’s wording and previews the generated slug', async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    renderCreate();
    expect(await screen.findByLabelText('Publish date')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'URL slug' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Villa Rosé & Co.');
    expect(screen.getByTestId('slug-preview')).toHaveTextContent('/blog/villa-rose-co (generated)');

    // The excerpt counts up to the declared limit.
    const max = fieldMax(blogs, 'excerpt');
    const excerpt = screen.getByRole('textbox', { name: 'Excerpt' });
    expect(excerpt).toHaveAccessibleDescription(`Shown in the blog list and in search results 0 / ${max}`);
    await user.type(excerpt, 'Open house');
    expect(excerpt).toHaveAccessibleDescription(`Shown in the blog list and in search results 10 / ${max}`);
  });

  it('keeps an excerpt pasted past the limit whole, shows it too long and does not save it', async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    renderCreate();
    const max = fieldMax(blogs, 'excerpt');
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Open house');
    const excerpt = screen.getByRole('textbox', { name: 'Excerpt' });
    const pasted = 'x'.repeat(max + 50);
    await user.click(excerpt);
    await user.paste(pasted);
    // A maxLength on the input kept 300 of 350 pasted characters, and said nothing of the 50 it dropped.
    expect(excerpt).toHaveValue(pasted);
    expect(screen.getByTestId('excerpt-count')).toHaveTextContent(`${max + 50} / ${max}`);
    expect(excerpt).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Create post' }));
    await waitFor(() => expect(excerpt).toHaveAccessibleDescription(new RegExp(`Excerpt must be at most ${max} characters`)));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('shows the API’s field errors under the right input', async () => {
    stubApi(({ method }) =>
      method === 'POST'
        ? new Response(JSON.stringify({ message: 'Slug is already used', errors: { slug: 'Slug is already used' } }), {
            status: 400,
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderCreate();
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Opening day');
    await user.type(screen.getByRole('textbox', { name: 'URL slug' }), 'opening-day');
    await user.click(screen.getByRole('button', { name: 'Create post' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'URL slug' })).toHaveAccessibleDescription(/Slug is already used/),
    );
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url.pathname).toBe('/api/blogs');
    expect(post?.body).toMatchObject({ title: 'Opening day', slug: 'opening-day', status: 'draft', tags: [] });
  });

  it('suggests the tags other posts use, from the API’s tag counts, not from whole posts', async () => {
    stubApi(({ url }) =>
      url.pathname === '/api/blogs/values/tags'
        ? new Response(JSON.stringify([{ value: 'safety', count: 4 }, { value: 'Sales', count: 2 }, { value: 'bridges', count: 1 }]))
        : undefined,
    );
    const user = userEvent.setup();
    renderCreate();
    await user.type(await screen.findByRole('combobox', { name: 'Tags' }), 'sa');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['safety', 'Sales']);
    expect(requests.filter((r) => r.url.pathname === '/api/blogs')).toEqual([]);
  });
});
