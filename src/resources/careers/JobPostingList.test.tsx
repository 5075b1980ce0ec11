import { render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../dataProvider';
import { i18nProvider } from '../../i18nProvider';
import { JobPostingList } from './JobPostingList';

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
  applications_count: 4,
};
const estimator = {
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
  applications_count: 0,
};

let listUrl: URL | undefined;

beforeEach(() => {
  listUrl = undefined;
  localStorage.setItem('access_token', 'tok');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/careers') {
        listUrl = url;
        return new Response(JSON.stringify([engineer, estimator]), { headers: { 'Content-Range': 'careers 0-1/2' } });
      }
      return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('job posting list', () => {
  it('shows how many applications each posting has, linking to them in the Job Applications inbox', async () => {
    render(
      <TestMemoryRouter initialEntries={['/careers']}>
        <AdminContext store={memoryStore()} dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <ResourceContextProvider value="careers">
            <JobPostingList />
          </ResourceContextProvider>
        </AdminContext>
      </TestMemoryRouter>,
    );
    const link = await screen.findByRole('link', { name: '4 applications for Site Engineer' });
    expect(link).toHaveTextContent('4 applications');
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('/careers-form?filter=')).toBe(true);
    expect(href).toBe(`/careers-form?filter=${encodeURIComponent('{"career_id":3}')}`);

    const engineerRow = link.closest('tr') as HTMLElement;
    expect(within(engineerRow).getByText('Open')).toBeInTheDocument();
    expect(within(engineerRow).getByText('Full time')).toBeInTheDocument();

    const surveyorRow = screen.getByRole('link', { name: 'Quantity Surveyor' }).closest('tr') as HTMLElement;
    expect(within(surveyorRow).getByText('None yet')).toBeInTheDocument();
    expect(within(surveyorRow).getByText('Closed')).toBeInTheDocument();
    expect(within(surveyorRow).getByText('Until filled')).toBeInTheDocument();

    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(listUrl?.searchParams.get('sort')).toBe('["created_at","DESC"]');
  });
});
