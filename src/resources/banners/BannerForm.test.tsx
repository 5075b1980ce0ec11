import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BANNER_END_BEFORE_START } from '../../../schema/areas/banners';
import { renderCreateView, stubCreateApi } from '../../../tests/helpers/createForm';
import { BannerCreate } from './BannerCreate';

// Only the network is fake: the real data provider and httpClient run over it.
const api = stubCreateApi(5);
const requests = () => api.requests();
const renderCreate = () => renderCreateView('banners', <BannerCreate />);

// jsdom cannot type into datetime-local inputs character by character; set the value as the picker would.
function pickDateTime(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

const posts = () => requests().filter((r) => r.method === 'POST');

describe('banner form', () => {
  it('shows the declaration’s messages under title and placement when an empty banner is saved', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.click(await screen.findByRole('button', { name: 'Create banner' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveAccessibleDescription(/Title is required/));
    expect(screen.getByRole('combobox', { name: /^Placement/ })).toHaveAccessibleDescription(/^Placement is required$/);
    expect(posts()).toHaveLength(0);
  });

  it('says "End must be after start" under the end when it comes first, even before the title is filled', async () => {
    const user = userEvent.setup();
    renderCreate();
    await screen.findByRole('button', { name: 'Create banner' });
    pickDateTime('Start', '2026-05-10T09:00');
    pickDateTime('End', '2026-05-02T18:00');
    await user.click(screen.getByRole('button', { name: 'Create banner' }));
    await waitFor(() => expect(screen.getByLabelText('End')).toHaveAccessibleDescription(BANNER_END_BEFORE_START));
    expect(screen.getByLabelText('Start')).toHaveAccessibleDescription('Empty: from now');

    // Fixing the order and the required fields lets it through, with the instants in UTC.
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Open house weekend');
    await user.click(screen.getByRole('combobox', { name: /^Placement/ }));
    await user.click(await screen.findByRole('option', { name: 'Pop-up' }));
    pickDateTime('End', '2026-05-12T18:00');
    await user.click(screen.getByRole('button', { name: 'Create banner' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({
      title: 'Open house weekend',
      placement: 'popup',
      starts_at: new Date('2026-05-10T09:00').toISOString(),
      ends_at: new Date('2026-05-12T18:00').toISOString(),
      active: true,
    });
  });

  it('previews the schedule the banner will have', async () => {
    const user = userEvent.setup();
    renderCreate();
    const status = (await screen.findByText('Live now')).closest<HTMLElement>('[role="status"]')!;
    expect(within(status).getByText('Live now')).toBeInTheDocument();
    pickDateTime('Start', '2999-01-01T00:00');
    await waitFor(() => expect(within(status).getByText('Upcoming')).toBeInTheDocument());
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    expect(within(status).getByText('Inactive')).toBeInTheDocument();
  });
});
