import { render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../dataProvider';
import { i18nProvider } from '../../i18nProvider';
import { BlogPostList } from './BlogPostList';

const published = {
  id: 7,
  title: 'Five questions to ask before buying off-plan',
  slug: 'five-questions',
  excerpt: 'What to check in the contract.',
  content: '<p>…</p>',
  cover_image: { src: '/api/uploads/3', title: 'cover.jpg', mime: 'image/jpeg', size: 1000 },
  tags: ['real estate', 'buying guide'],
  status: 'published',
  published_at: '2026-09-15T09:00:00.000Z',
  author: 'Maria Lopez',
};
const draft = {
  id: 8,
  title: 'Renovating a 1930s townhouse',
  slug: 'renovating',
  excerpt: null,
  content: null,
  cover_image: null,
  tags: [],
  status: 'draft',
  published_at: null,
  author: null,
};
const posts = [published, draft];

let listUrl: URL | undefined;

beforeEach(() => {
  listUrl = undefined;
  localStorage.setItem('access_token', 'tok');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/blogs') {
        listUrl = url;
        return new Response(JSON.stringify(posts), { headers: { 'Content-Range': 'blogs 0-1/2' } });
      }
      return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderList() {
  render(
    <TestMemoryRouter initialEntries={['/blogs']}>
      <AdminContext store={memoryStore()} dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="blogs">
          <BlogPostList />
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('blog post list', () => {
  it('renders the rows of GET /api/blogs with their status chips, newest publish date first', async () => {
    renderList();
    const first = (await screen.findByRole('link', { name: published.title })).closest('tr') as HTMLElement;
    expect(within(first).getByText('Published')).toBeInTheDocument();
    expect(within(first).getByText('What to check in the contract.')).toBeInTheDocument();
    expect(within(first).getByText('buying guide')).toBeInTheDocument();
    expect(within(first).getByText('Maria Lopez')).toBeInTheDocument();

    const second = screen.getByRole('link', { name: draft.title }).closest('tr') as HTMLElement;
    expect(within(second).getByText('Draft')).toBeInTheDocument();
    expect(within(second).getByText('Not scheduled')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: published.title })).toHaveAttribute('href', '/blogs/7');
    expect(listUrl?.searchParams.get('sort')).toBe('["published_at","DESC"]');
    expect(listUrl?.searchParams.get('range')).toBe('[0,24]');
  });

  it('offers search and the status filter, and sorts only by declared fields', async () => {
    renderList();
    await screen.findByRole('link', { name: published.title });
    expect(screen.getByRole('textbox', { name: 'Search blog posts' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader');
    const sortButton = (name: string) =>
      headers.find((header) => header.textContent?.includes(name))?.querySelector('.MuiTableSortLabel-root');
    expect(sortButton('Title')).toBeTruthy();
    expect(sortButton('Publish date')).toBeTruthy();
    // Not declared as sortable: the API would refuse it.
    expect(sortButton('Author')).toBeFalsy();
    expect(sortButton('Tags')).toBeFalsy();
  });
});
