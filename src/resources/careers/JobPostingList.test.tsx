import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPublishTime } from '../../components/publication';
import { AreaWrapper, fakeApi } from '../../components/sortableListTesting';
import { JobPostingList } from './JobPostingList';
import { views } from '.';

// Relative to the real clock: the list decides with today's date.
const nextWeek = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();

const engineer = {
  id: 3,
  title: 'Site Engineer',
  slug: 'site-engineer',
  department: 'Engineering',
  location: 'Leeds',
  employment_type: 'full_time',
  description: null,
  requirements: null,
  closing_date: '2999-01-31',
  status: 'open',
  publication: 'draft',
  published_at: null,
  applications_count: 4,
};
const surveyor = {
  id: 12,
  title: 'Quantity Surveyor',
  slug: 'quantity-surveyor',
  department: 'Commercial',
  location: 'Manchester',
  employment_type: 'contract',
  description: null,
  requirements: null,
  closing_date: null,
  status: 'closed',
  publication: 'published',
  published_at: null,
  applications_count: 0,
};
const estimator = {
  ...surveyor,
  id: 14,
  title: 'Estimator',
  slug: 'estimator',
  status: 'open',
  published_at: nextWeek,
};

beforeEach(() => {
  localStorage.setItem('access_token', 'tok');
  fakeApi({ careers: [engineer, surveyor, estimator] });
});
afterEach(() => vi.unstubAllGlobals());

function renderList() {
  render(
    <AreaWrapper resource="careers" labels={views.labels}>
      <JobPostingList />
    </AreaWrapper>,
  );
}

const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('tr') as HTMLElement;
// The list requests GET /api/careers sent, in order.
const listUrls = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/careers');

describe('job posting list', () => {
  it('shows how many applications each posting has, linking to them in the Job Applications inbox', async () => {
    renderList();
    const link = await screen.findByRole('link', { name: '4 applications for Site Engineer' });
    expect(link).toHaveTextContent('4 applications');
    expect(link.getAttribute('href')).toBe(`/careers-form?filter=${encodeURIComponent('{"career_id":3}')}`);

    const engineerRow = link.closest('tr') as HTMLElement;
    expect(within(engineerRow).getByText('Open')).toBeInTheDocument();
    expect(within(engineerRow).getByText('Full time')).toBeInTheDocument();

    const surveyorRow = rowOf(surveyor.title);
    expect(within(surveyorRow).getByText('None yet')).toBeInTheDocument();
    expect(within(surveyorRow).getByText('Until filled')).toBeInTheDocument();

    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(listUrls()[0]?.searchParams.get('sort')).toBe('["created_at","DESC"]');
  });

  it('shows whether each posting is on the website apart from whether it is open', async () => {
    renderList();
    await screen.findByRole('link', { name: engineer.title });
    expect(within(rowOf(engineer.title)).getByText('Draft')).toBeInTheDocument();
    expect(within(rowOf(engineer.title)).getByText('Open')).toBeInTheDocument();
    // Published and closed at once.
    expect(within(rowOf(surveyor.title)).getByText('Published')).toBeInTheDocument();
    expect(within(rowOf(surveyor.title)).getByText('Closed')).toBeInTheDocument();
    const estimatorRow = rowOf(estimator.title);
    expect(within(estimatorRow).getByText('Scheduled')).toBeInTheDocument();
    expect(estimatorRow).toHaveTextContent(`Goes live ${formatPublishTime(nextWeek)}`);
  });

  it('filters by publication, Draft or Published', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('link', { name: engineer.title });
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Publication' }));
    await user.click(await screen.findByRole('combobox', { name: 'Publication' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Draft or published', 'Draft', 'Published']);
    await user.click(screen.getByRole('option', { name: 'Published' }));
    await vi.waitFor(() => expect(JSON.parse(listUrls().at(-1)?.searchParams.get('filter') ?? '{}')).toEqual({ publication: 'published' }));
  });
});
