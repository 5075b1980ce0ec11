import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPublishTime } from '../../components/publication';
import { AreaWrapper, fakeApi } from '../../components/sortableListTesting';
import { inTimeZone } from '../../components/timeZoneTesting';
import { BlogPostEdit } from './BlogPostEdit';
import { views } from '.';
import { catalogue } from '../../notifications';

const DAY = 24 * 60 * 60 * 1000;
// Relative to the real clock: the page decides with today's date.
const lastMonth = new Date(Date.now() - 30 * DAY).toISOString();
const nextWeek = new Date(Date.now() + 7 * DAY).toISOString();

const post = (id: number, status: string, published_at: string | null) => ({
  id,
  title: `Post ${id}`,
  slug: `post-${id}`,
  excerpt: null,
  content: '<p>…</p>',
  cover_image: null,
  tags: [],
  status,
  published_at,
  author: null,
});

beforeEach(() => {
  localStorage.setItem('access_token', 'tok');
  fakeApi({ blogs: [post(1, 'published', nextWeek), post(2, 'published', lastMonth), post(3, 'draft', nextWeek), post(4, 'published', '2026-10-28')] });
});
afterEach(() => vi.unstubAllGlobals());

// What the page says beside its heading (the form below has a preview of its own).
async function headerOf(id: number) {
  render(
    <AreaWrapper resource="blogs" labels={views.labels} path={`/blogs/${id}`} route="/blogs/:id">
      <BlogPostEdit />
    </AreaWrapper>,
  );
  const heading = await screen.findByRole('heading', { level: 1, name: `Post ${id}` });
  return heading.parentElement as HTMLElement;
}

describe('blog post edit page', () => {
  it('says Scheduled, and when it goes live, for a published post whose publish time is ahead', async () => {
    const header = await headerOf(1);
    expect(within(header).getByText('Scheduled')).toBeInTheDocument();
    expect(within(header).getByText(`Goes live ${formatPublishTime(nextWeek)}`)).toBeInTheDocument();
    expect(within(header).queryByText('Published')).not.toBeInTheDocument();
  });

  it('says Published for a published post whose publish time has passed', async () => {
    const header = await headerOf(2);
    expect(within(header).getByText('Published')).toBeInTheDocument();
    expect(within(header).queryByText(/Goes live/)).not.toBeInTheDocument();
  });

  it('says Draft for a draft, whatever its publish time', async () => {
    const header = await headerOf(3);
    expect(within(header).getByText('Draft')).toBeInTheDocument();
    expect(within(header).queryByText(/Scheduled|Goes live/)).not.toBeInTheDocument();
  });

  it('previews in the form what the chosen publication and time would mean', async () => {
    await headerOf(1);
    const publishing = screen.getByRole('region', { name: 'Publishing' });
    expect(within(publishing).getByRole('radio', { name: 'Published' })).toBeChecked();
    expect(within(publishing).getByLabelText('Publish date')).toHaveAccessibleDescription(
      'Leave empty to publish at once; a future time schedules it.',
    );
    const preview = within(publishing).getByRole('status');
    expect(preview).toHaveTextContent(`With these settings, right now:ScheduledGoes live ${formatPublishTime(nextWeek)}`);
    await userEvent.setup().click(within(publishing).getByRole('radio', { name: 'Draft' }));
    expect(preview).toHaveTextContent(/^With these settings, right now:Draft$/);
  });

  // The API takes a publish date without a time and counts it from 00:00 UTC; the input can only show that instant in
  // the browser's zone, a time nobody set (an outside probe): the form says what is stored.
  it('says a publish date stored as a calendar day is that day from 00:00 UTC, shown in local time', async () => {
    await inTimeZone('America/Los_Angeles', async () => {
      await headerOf(4);
      const date = within(screen.getByRole('region', { name: 'Publishing' })).getByLabelText('Publish date');
      expect(date).toHaveValue('2026-10-27T17:00');
      expect(date).toHaveAccessibleDescription(
        'Saved as the day Oct 28, 2026, from 00:00 UTC; shown here in your time. Leave empty to publish at once; a future time schedules it.',
      );
    });
  });

  // A post created just before the connection dropped was said to be perhaps deleted, and would have been made again.
  it('says a post it cannot reach is a connection error, not one that may have been deleted', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    render(
      <AreaWrapper resource="blogs" labels={views.labels} path="/blogs/1" route="/blogs/:id">
        <BlogPostEdit />
      </AreaWrapper>,
    );
    expect(await screen.findByText(catalogue.networkError.message)).toBeInTheDocument();
    expect(screen.queryByText(/does not exist/)).toBeNull();
  });

  it('says a post that is gone does not exist', async () => {
    render(
      <AreaWrapper resource="blogs" labels={views.labels} path="/blogs/99" route="/blogs/:id">
        <BlogPostEdit />
      </AreaWrapper>,
    );
    expect(await screen.findByText(/does not exist/i)).toBeInTheDocument();
    expect(screen.queryByText(catalogue.networkError.message)).toBeNull();
  });
});

