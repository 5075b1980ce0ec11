import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { features } from '../../../schema/areas/features';
import { fieldMax } from '../../../schema/define';
import { AreaWrapper, fakeApi } from '../../components/sortableListTesting';
import { FeatureCreate } from './FeatureCreate';
import { FeatureEdit } from './FeatureEdit';
import { views } from '.';

afterEach(() => vi.unstubAllGlobals());

describe('features form', () => {
  it("shows the declaration's messages under the right fields and sends nothing", async () => {
    const api = fakeApi({ features: [] });
    const user = userEvent.setup();
    render(
      <AreaWrapper resource="features" labels={views.labels} path="/features/create">
        <FeatureCreate />
      </AreaWrapper>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Only a description');
    await user.click(screen.getByRole('button', { name: 'Create feature' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Title is required'));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('says the declared limits under title and description', () => {
    fakeApi({ features: [] });
    render(
      <AreaWrapper resource="features" labels={views.labels} path="/features/create">
        <FeatureCreate />
      </AreaWrapper>,
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      `Short and specific, e.g. ‘Design & Build’. Up to ${fieldMax(features, 'title')} characters.`,
    );
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(
      `One or two sentences shown under the title. Up to ${fieldMax(features, 'description')} characters.`,
    );
  });

  it('refuses a title over 100 characters', async () => {
    fakeApi({ features: [] });
    const user = userEvent.setup();
    render(
      <AreaWrapper resource="features" labels={views.labels} path="/features/create">
        <FeatureCreate />
      </AreaWrapper>,
    );
    await user.click(screen.getByRole('textbox', { name: 'Title' }));
    await user.paste('x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Create feature' }));
    expect(await screen.findByText('Title must be at most 100 characters')).toBeInTheDocument();
  });

  it('creates a shown feature with its icon, and previews it while typing', async () => {
    const api = fakeApi({ features: [] });
    const user = userEvent.setup();
    render(
      <AreaWrapper resource="features" labels={views.labels} path="/features/create">
        <FeatureCreate />
      </AreaWrapper>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Fast Permits');
    await user.type(screen.getByRole('combobox', { name: 'Icon' }), 'schedule');
    expect(screen.getByRole('complementary', { name: 'Preview' })).toHaveTextContent('Fast Permits');
    expect(screen.getByRole('switch', { name: 'Shown on the website' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create feature' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ title: 'Fast Permits', icon: 'schedule', active: true });
  });

  it("shows the server's field errors on the right input", async () => {
    fakeApi(
      { features: [{ id: 4, title: 'Eco', description: null, icon: 'eco', active: true, position: 1 }] },
      { rejectWrites: { title: 'Title is already used' } },
    );
    const user = userEvent.setup();
    render(
      <AreaWrapper resource="features" labels={views.labels} path="/features/4" route="/features/:id">
        <FeatureEdit />
      </AreaWrapper>,
    );
    // The form mounts again once the record has arrived: query after that.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Eco'));
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.type(title, ' friendly');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(title).toHaveAccessibleDescription('Title is already used'));
  });
});
