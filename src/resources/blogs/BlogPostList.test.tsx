import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPublishTime } from '../../components/publication';
import { AreaWrapper, fakeApi } from '../../components/sortableListTesting';
import { inTimeZone } from '../../components/timeZoneTesting';
import { BlogPostList } from './BlogPostList';
import { views } from '.';

const DAY = 24 * 60 * 60 * 1000;
// Relative to the real clock: the list decides with today's date.
const lastMonth = new Date(Date.now() - 30 * DAY).toISOString();
const nextWeek = new Date(Date.now() + 7 * DAY).toISOString();

interface Post {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  cover_image: { src: string; title: string; mime: string; size: number } | null;
  tags: string[];
  status: string;
  published_at: string | null;
  author: string | null;
}

const post = (id: number, fields: Pick<Post, 'title' | 'status' | 'published_at'> & Partial<Post>): Post => ({
  id,
  slug: `post-${id}`,
  excerpt: null,
  content: '<p>…</p>',
  cover_image: null,
  tags: [],
  author: null,
  ...fields,
});
const published = post(7, {
  title: 'Five questions to ask before buying off-plan',
  excerpt: 'What to check in the contract.',
  cover_image: { src: '/api/uploads/3', title: 'cover.jpg', mime: 'image/jpeg', size: 1000 },
  tags: ['real estate', 'buying guide'],
  status: 'published',
  published_at: lastMonth,
  author: 'Maria Lopez',
});
const scheduled = post(9, { title: 'Topping out at Harbour Point', status: 'published', published_at: nextWeek });
const draft = post(8, { title: 'Renovating a 1930s townhouse', status: 'draft', published_at: null });

beforeEach(() => {
  localStorage.setItem('access_token', 'tok');
  fakeApi({ blogs: [published, scheduled, draft] });
});
afterEach(() => vi.unstubAllGlobals());

function renderList() {
  render(
    <AreaWrapper resource="blogs" labels={views.labels}>
      <BlogPostList />
    </AreaWrapper>,
  );
}

const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('tr') as HTMLElement;
const listUrl = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .find((url) => url.pathname === '/api/blogs');

describe('blog post list', () => {
  it('renders the rows of GET /api/blogs, newest publish date first', async () => {
    renderList();
    const first = (await screen.findByRole('link', { name: published.title })).closest('tr') as HTMLElement;
    expect(within(first).getByText('What to check in the contract.')).toBeInTheDocument();
    expect(within(first).getByText('buying guide')).toBeInTheDocument();
    expect(within(first).getByText('Maria Lopez')).toBeInTheDocument();
    expect(within(rowOf(draft.title)).getByText('Not scheduled')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: published.title })).toHaveAttribute('href', '/blogs/7');
    expect(listUrl()?.searchParams.get('sort')).toBe('["published_at","DESC"]');
    expect(listUrl()?.searchParams.get('range')).toBe('[0,24]');
  });

  // Every checkbox was "Select this row": a screen reader could not tell which of 25 rows it would select.
  it("names each row's checkbox after its post", async () => {
    renderList();
    await screen.findByRole('link', { name: published.title });
    // The name MUI puts on the checkbox's wrapper; the console's theme moves it onto the input (theme.ts).
    const names = [...document.querySelectorAll('tbody .select-item')].map((box) => box.getAttribute('aria-label'));
    const titles = screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('link')[0]?.textContent);
    expect(titles).toEqual([published.title, scheduled.title, draft.title]);
    expect(names).toEqual(titles.map((title) => `Select ${title}`));
  });

  // A publish date without a time is that UTC day: in Los Angeles the list showed Oct 27 for '2026-10-28' (an outside probe).
  it('shows a publish date given without a time as that day, west of UTC too', () =>
    inTimeZone('America/Los_Angeles', async () => {
      fakeApi({ blogs: [post(18, { title: 'How we cut embodied carbon', status: 'published', published_at: '2026-10-28' })] });
      renderList();
      const row = (await screen.findByRole('link', { name: 'How we cut embodied carbon' })).closest('tr') as HTMLElement;
      expect(within(row).getByText('Oct 28, 2026')).toBeInTheDocument();
    }));

  it('says the list could not be loaded, in the API\'s words, never that there are no posts (the database down)', async () => {
    const message = 'The database cannot be reached right now. Try again later; if this goes on, tell your administrator.';
    fakeApi({ blogs: [published] }, { failList: { status: 503, message } });
    renderList();
    expect(await screen.findByText(/could not be loaded/, {}, { timeout: 8000 })).toHaveTextContent('Blog Posts could not be loaded');
    expect(screen.getByText(`${message} Nothing was changed.`)).toBeInTheDocument();
    expect(screen.queryByText(/No blog posts/)).not.toBeInTheDocument();
    fakeApi({ blogs: [published] });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: published.title })).toBeInTheDocument();
  });

  it('says Published for a post whose publish time has passed, Scheduled for one still ahead, Draft for a draft', async () => {
    renderList();
    await screen.findByRole('link', { name: published.title });
    expect(within(rowOf(published.title)).getByText('Published')).toBeInTheDocument();
    expect(within(rowOf(draft.title)).getByText('Draft')).toBeInTheDocument();
    const row = rowOf(scheduled.title);
    expect(within(row).queryByText('Published')).not.toBeInTheDocument();
    expect(within(row).getByText('Scheduled').closest('[title]')).toHaveAttribute('title', `Goes live ${formatPublishTime(nextWeek)}`);
  });

  it('offers search and the status filter (Draft or Published), and sorts only by declared fields', async () => {
    renderList();
    await screen.findByRole('link', { name: published.title });
    expect(screen.getByRole('textbox', { name: 'Search blog posts' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader');
    const sortButton = (name: string) =>
      headers.find((header) => header.textContent?.includes(name))?.querySelector('.MuiTableSortLabel-root');
    expect(sortButton('Title')).toBeTruthy();
    expect(sortButton('Publish date')).toBeTruthy();
    // Not declared as sortable: the API would refuse it.
    expect(sortButton('Author')).toBeFalsy();
    expect(sortButton('Tags')).toBeFalsy();
    // The column the list follows says so to screen readers, and only it.
    expect(headers.filter((header) => header.hasAttribute('aria-sort')).map((header) => [header.textContent, header.getAttribute('aria-sort')])).toEqual([
      ['Publish date', 'descending'],
    ]);

    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Status' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Any status', 'Draft', 'Published']);
  });

  // A text box matched only the exact spelling of a tag (an outside browser probe): the tags posts use are offered.
  it('filters by a tag picked among those posts use, found by any part of it in any case', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('link', { name: published.title });
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Tag' }));
    await user.type(await screen.findByRole('combobox', { name: 'Tag' }), 'GUIDE');
    const option = await screen.findByRole('option', { name: 'buying guide' });
    expect(screen.getAllByRole('option').map((item) => item.textContent)).toEqual(['buying guide']);
    await user.click(option);
    await waitFor(() => {
      const urls = vi.mocked(fetch).mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === '/api/blogs');
      expect(JSON.parse(urls.at(-1)?.searchParams.get('filter') ?? '{}')).toEqual({ tags: 'buying guide' });
    });
  });
});
