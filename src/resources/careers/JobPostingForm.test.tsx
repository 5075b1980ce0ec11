import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EMPLOYMENT_TYPES } from '../../../schema/areas/careers';
import { renderCreateView, stubCreateApi } from '../../../tests/helpers/createForm';
import { JobPostingCreate } from './JobPostingCreate';

// Only the network is fake: the real data provider and httpClient run over it.
const api = stubCreateApi(9);
const requests = () => api.requests();
const renderCreate = () => renderCreateView('careers', <JobPostingCreate />);

const posts = () => requests().filter((r) => r.method === 'POST');

describe('job posting form', () => {
  it('shows the declaration’s messages under title, department and location when an empty posting is saved', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.click(await screen.findByRole('button', { name: 'Create job posting' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveAccessibleDescription(/Title is required/));
    expect(screen.getByRole('textbox', { name: /^Department/ })).toHaveAccessibleDescription(/Department is required/);
    expect(screen.getByRole('textbox', { name: /^Location/ })).toHaveAccessibleDescription(/Location is required/);
    // Defaults from the declaration are already chosen, so they raise nothing.
    expect(screen.getByRole('radio', { name: 'Open' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: /^Employment type/ })).toHaveTextContent('Full time');
    expect(posts()).toHaveLength(0);
  });

  it('marks the employment type required, though it starts filled in, and offers no empty choice for it', async () => {
    const user = userEvent.setup();
    renderCreate();
    const type = await screen.findByRole('combobox', { name: /^Employment type/ });
    // react-admin's asterisk after a thin space, which the label queries read as a space.
    expect(screen.getByText('Employment type', { selector: 'label span' }).parentElement).toHaveTextContent(/^Employment type\s\*$/);
    await user.click(type);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(EMPLOYMENT_TYPES.length);
    expect(options.filter((option) => option.textContent?.trim() === '')).toEqual([]);
  });

  it('warns under the closing date when an open posting would already be closed, and only then', async () => {
    const user = userEvent.setup();
    renderCreate();
    const closing = await screen.findByLabelText('Closing date');
    const NORMAL = 'Last day to apply, to the end of that day in UTC; empty means until filled';
    const PASSED = 'This day has passed (UTC): the posting is not on the careers page and takes no applications.';
    expect(closing).toHaveAccessibleDescription(NORMAL);
    // Days as the website counts them: UTC.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(closing, { target: { value: day(-1) } });
    await waitFor(() => expect(closing).toHaveAccessibleDescription(PASSED));
    // Today still takes applications.
    fireEvent.change(closing, { target: { value: day(0) } });
    await waitFor(() => expect(closing).toHaveAccessibleDescription(NORMAL));
    fireEvent.change(closing, { target: { value: day(-30) } });
    await waitFor(() => expect(closing).toHaveAccessibleDescription(PASSED));
    await user.click(screen.getByRole('radio', { name: 'Closed' }));
    await waitFor(() => expect(closing).toHaveAccessibleDescription(NORMAL));
  });

  it('sends a complete posting with its defaults', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Site Engineer');
    await user.type(screen.getByRole('textbox', { name: /^Department/ }), 'Engineering');
    await user.type(screen.getByRole('textbox', { name: /^Location/ }), 'Leeds');
    await user.click(screen.getByRole('button', { name: 'Create job posting' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({
      title: 'Site Engineer',
      department: 'Engineering',
      location: 'Leeds',
      status: 'open',
      employment_type: 'full_time',
    });
  });

  it('starts as a draft, beside its recruitment status, and sends the chosen publication and publish time', async () => {
    const user = userEvent.setup();
    renderCreate();
    const publishing = await screen.findByRole('region', { name: 'Publishing' });
    expect(within(publishing).getByRole('radio', { name: 'Draft' })).toBeChecked();
    // A posting is published (or not) and open (or closed): two separate choices.
    expect(within(screen.getByRole('region', { name: 'Recruitment' })).getByRole('radio', { name: 'Open' })).toBeChecked();

    await user.click(screen.getByRole('textbox', { name: /^Title/ }));
    await user.paste('Site Engineer');
    await user.click(screen.getByRole('textbox', { name: /^Department/ }));
    await user.paste('Engineering');
    await user.click(screen.getByRole('textbox', { name: /^Location/ }));
    await user.paste('Leeds');
    await user.click(within(publishing).getByRole('radio', { name: 'Published' }));
    // <input type="datetime-local"> speaks local time; the API is sent the instant (UTC).
    fireEvent.change(within(publishing).getByLabelText('Publish date'), { target: { value: '2031-03-02T08:30' } });
    await user.click(screen.getByRole('button', { name: 'Create job posting' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({
      title: 'Site Engineer',
      department: 'Engineering',
      location: 'Leeds',
      employment_type: 'full_time',
      status: 'open',
      publication: 'published',
      published_at: new Date('2031-03-02T08:30').toISOString(),
      description: '',
      requirements: '',
    });
  });
});
