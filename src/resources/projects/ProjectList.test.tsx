import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPublishTime } from '../../components/publication';
import { AreaWrapper, fakeApi } from '../../components/sortableListTesting';
import { ProjectList } from './ProjectList';
import { views } from '.';

const DAY = 24 * 60 * 60 * 1000;
// Relative to the real clock: the list decides with today's date.
const lastMonth = new Date(Date.now() - 30 * DAY).toISOString();
const nextWeek = new Date(Date.now() + 7 * DAY).toISOString();

const project = (id: number, title: string, publication: string, published_at: string | null) => ({
  id,
  title,
  slug: `project-${id}`,
  category: 'commercial',
  location: 'Leeds',
  client: null,
  year: 2026,
  status: 'ongoing',
  area_sqm: null,
  description: null,
  cover_image: null,
  gallery: [],
  featured: false,
  publication,
  published_at,
});
const offices = project(1, 'Harbour Point Offices', 'published', lastMonth);
const school = project(2, 'Northfield School', 'published', nextWeek);
const villas = project(3, 'Seaview Villas', 'draft', null);

beforeEach(() => {
  localStorage.setItem('access_token', 'tok');
  fakeApi({ projects: [offices, school, villas] });
});
afterEach(() => vi.unstubAllGlobals());

function renderList() {
  render(
    <AreaWrapper resource="projects" labels={views.labels}>
      <ProjectList />
    </AreaWrapper>,
  );
}

const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('tr') as HTMLElement;

describe('project list', () => {
  it('shows each project’s publication beside the state of its works', async () => {
    renderList();
    await screen.findByRole('link', { name: offices.title });
    expect(screen.getByRole('columnheader', { name: 'Publication' })).toBeInTheDocument();
    expect(within(rowOf(offices.title)).getByText('Published')).toBeInTheDocument();
    expect(within(rowOf(villas.title)).getByText('Draft')).toBeInTheDocument();
    const row = rowOf(school.title);
    expect(within(row).getByText('Ongoing')).toBeInTheDocument();
    expect(within(row).getByText('Scheduled')).toBeInTheDocument();
    expect(row).toHaveTextContent(`Goes live ${formatPublishTime(nextWeek)}`);
  });

  it('filters by publication, Draft or Published', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('link', { name: offices.title });
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Publication' }));
    await user.click(await screen.findByRole('combobox', { name: 'Publication' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Draft or published', 'Draft', 'Published']);
    await user.click(screen.getByRole('option', { name: 'Draft' }));
    const filters = () =>
      vi
        .mocked(fetch)
        .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/projects')
        .map((url) => JSON.parse(url.searchParams.get('filter') ?? '{}') as unknown);
    await vi.waitFor(() => expect(filters().at(-1)).toEqual({ publication: 'draft' }));
  });
});
