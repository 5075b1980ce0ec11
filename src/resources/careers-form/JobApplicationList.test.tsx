import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AreaWrapper, fakeApi } from '../../components/sortableListTesting';
import { JobApplicationList } from './JobApplicationList';
import { views } from '.';

afterEach(() => vi.unstubAllGlobals());

const application = (id: number, full_name: string, career_id: number | null) => ({
  id,
  career_id,
  full_name,
  email: `${full_name.split(' ')[0]?.toLowerCase()}@example.com`,
  status: 'new',
  read: true,
  created_at: `2025-03-1${id}T10:00:00.000Z`,
});

const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;

describe('job applications list', () => {
  it('shows the posting of each application: its title, "Job posting deleted", or "General application"', async () => {
    fakeApi({
      'careers-form': [application(1, 'Ada Lane', 7), application(2, 'Ben Moss', 9), application(3, 'Cleo Ray', null)],
      careers: [{ id: 7, title: 'Site Engineer' }],
    });
    render(
      <AreaWrapper resource="careers-form" labels={views.labels}>
        <JobApplicationList />
      </AreaWrapper>,
    );
    expect(await within(await rowOf('Ada Lane')).findByText('Site Engineer')).toBeInTheDocument();
    expect(await within(await rowOf('Ben Moss')).findByText('Job posting deleted')).toBeInTheDocument();
    expect(within(await rowOf('Cleo Ray')).getByText('General application')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Job posting' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Full name' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Received' })).toBeInTheDocument();
  });

  it('filters by posting, named as declared', async () => {
    fakeApi({ 'careers-form': [application(1, 'Ada Lane', 7)], careers: [{ id: 7, title: 'Site Engineer' }] });
    const user = userEvent.setup();
    render(
      <AreaWrapper resource="careers-form" labels={views.labels}>
        <JobApplicationList />
      </AreaWrapper>,
    );
    await rowOf('Ada Lane');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Job posting' }));
    // The new filter takes the keyboard (AddedFilterFocus): typing goes straight into it.
    const posting = await screen.findByRole('combobox', { name: 'Job posting' });
    await waitFor(() => expect(posting).toHaveFocus());
    await user.keyboard('Site');
    expect(await screen.findByRole('option', { name: 'Site Engineer' })).toBeInTheDocument();
  });
});
