import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AreaWrapper, fakeApi } from '../../components/sortableListTesting';
import { JobApplicationShow } from './JobApplicationShow';
import { views } from '.';

afterEach(() => vi.unstubAllGlobals());

const application = (id: number, career_id: number | null) => ({
  id,
  career_id,
  full_name: 'Noor Haddad',
  email: 'noor@example.com',
  phone: null,
  message: 'I would like to join.',
  cv: null,
  status: 'new',
  read: true,
  notes: null,
  created_at: '2025-03-12T14:03:00.000Z',
});

function renderShow(id: number) {
  render(
    <AreaWrapper resource="careers-form" labels={views.labels} path={`/careers-form/${id}/show`} route="/careers-form/:id/show">
      <JobApplicationShow />
    </AreaWrapper>,
  );
}

// The term and its value, as the page pairs them in its description list.
async function valueOf(term: string) {
  const dt = await screen.findByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
}

describe('job application page', () => {
  it('names the posting applied to by its title', async () => {
    fakeApi({ 'careers-form': [application(1, 7)], careers: [{ id: 7, title: 'Site Engineer' }] });
    renderShow(1);
    expect(await within(await valueOf('Job posting')).findByText('Site Engineer')).toBeInTheDocument();
  });

  it('says "Job posting deleted" when the posting applied to no longer exists', async () => {
    fakeApi({ 'careers-form': [application(2, 7)], careers: [] });
    renderShow(2);
    const value = await valueOf('Job posting');
    expect(await within(value).findByText('Job posting deleted')).toBeInTheDocument();
    expect(value).not.toHaveTextContent('General application');
  });

  it('says "General application (no posting)" when it was sent without one', async () => {
    fakeApi({ 'careers-form': [application(3, null)], careers: [{ id: 7, title: 'Site Engineer' }] });
    renderShow(3);
    expect(await valueOf('Job posting')).toHaveTextContent(/^General application \(no posting\)$/);
  });

  it('labels the fields with the declaration’s words', async () => {
    fakeApi({ 'careers-form': [application(1, 7)], careers: [{ id: 7, title: 'Site Engineer' }] });
    renderShow(1);
    await valueOf('Job posting');
    const terms = screen.getAllByText((_, element) => element?.tagName === 'DT').map((dt) => dt.textContent);
    expect(terms).toEqual(['Full name', 'Job posting', 'Email', 'Phone', 'Cover letter']);
  });
});
