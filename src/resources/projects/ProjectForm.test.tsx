import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PROJECT_CATEGORIES, projects } from '../../../schema/areas/projects';
import { fieldMax } from '../../../schema/define';
import { renderCreateView, stubCreateApi } from '../../../tests/helpers/createForm';
import { ProjectCreate } from './ProjectCreate';

// Only the network is fake: the real data provider and httpClient run over it.
const api = stubCreateApi(41);
const requests = () => api.requests();
const renderCreate = () => renderCreateView('projects', <ProjectCreate />);

describe('project form', () => {
  it('shows the declaration’s messages under title, category and status when an empty project is saved', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.click(await screen.findByRole('button', { name: 'Create project' }));
    const title = screen.getByRole('textbox', { name: /^Title/ });
    await waitFor(() => expect(title).toHaveAccessibleDescription(/Title is required/));
    // An empty menu is a missing value, not a list of the values it stores (which the menu shows as labels).
    expect(screen.getByRole('combobox', { name: /^Category/ })).toHaveAccessibleDescription(/^Category is required$/);
    expect(screen.getByRole('combobox', { name: /^Status/ })).toHaveAccessibleDescription(/^Status is required$/);
    // Optional fields stay quiet.
    expect(screen.getByRole('spinbutton', { name: 'Area (m²)' })).toHaveAccessibleDescription('Built floor area');
    expect(requests().filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('marks what the declaration requires before anything is saved, and offers no empty choice in a required menu', async () => {
    const user = userEvent.setup();
    renderCreate();
    // react-admin's asterisk after a thin space, which the label queries read as a space.
    expect(await screen.findByLabelText('Title *')).toBeInTheDocument();
    expect(screen.getByLabelText('Category *')).toBeInTheDocument();
    expect(screen.getByLabelText('Status *')).toBeInTheDocument();
    expect(screen.getByLabelText('Client')).toBeInTheDocument();
    expect(screen.queryByLabelText('Client *')).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Category/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(PROJECT_CATEGORIES.length);
    expect(options.filter((option) => option.textContent?.trim() === '')).toEqual([]);
  });

  it('refuses a year outside the declared range, under the year', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.type(await screen.findByRole('spinbutton', { name: 'Year' }), '1850');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Year' })).toHaveAccessibleDescription(/Year must be at least 1900/));
  });

  it('sends a valid project with its area in square metres and the featured flag', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Harbour Point Offices');
    await user.click(screen.getByRole('combobox', { name: /^Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Commercial' }));
    await user.click(screen.getByRole('combobox', { name: /^Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Area (m²)' }), '12500');
    expect(screen.getByText('m²')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Featured' }));
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(requests().some((r) => r.method === 'POST')).toBe(true));
    const post = requests().find((r) => r.method === 'POST');
    expect(post?.url.pathname).toBe('/api/projects');
    expect(post?.body).toMatchObject({
      title: 'Harbour Point Offices',
      category: 'commercial',
      status: 'completed',
      area_sqm: 12500,
      featured: true,
    });
  });

  it('says how many images the gallery holds, as declared', async () => {
    renderCreate();
    const gallery = await screen.findByRole('group', { name: 'Gallery' });
    expect(gallery).toHaveTextContent(`0 of ${fieldMax(projects, 'gallery')} · JPEG, PNG, WebP or GIF, up to 5 MB`);
  });

  it('starts as a draft and sends the chosen publication and publish time', async () => {
    const user = userEvent.setup();
    renderCreate();
    const publishing = await screen.findByRole('region', { name: 'Publishing' });
    expect(within(publishing).getByRole('radio', { name: 'Draft' })).toBeChecked();
    const publishDate = within(publishing).getByLabelText('Publish date');
    expect(publishDate).toHaveAccessibleDescription('Leave empty to publish at once; a future time schedules it.');

    await user.click(screen.getByRole('textbox', { name: /^Title/ }));
    await user.paste('Harbour Point Offices');
    await user.click(screen.getByRole('combobox', { name: /^Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Commercial' }));
    await user.click(screen.getByRole('combobox', { name: /^Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Ongoing' }));
    await user.click(within(publishing).getByRole('radio', { name: 'Published' }));
    // <input type="datetime-local"> speaks local time; the API is sent the instant (UTC).
    fireEvent.change(publishDate, { target: { value: '2031-11-24T09:00' } });
    expect(within(publishing).getByRole('status')).toHaveTextContent('Scheduled');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(requests().some((r) => r.method === 'POST')).toBe(true));
    expect(requests().find((r) => r.method === 'POST')?.body).toEqual({
      title: 'Harbour Point Offices',
      category: 'commercial',
      status: 'ongoing',
      publication: 'published',
      published_at: new Date('2031-11-24T09:00').toISOString(),
      featured: false,
      description: '',
    });
  });
});
