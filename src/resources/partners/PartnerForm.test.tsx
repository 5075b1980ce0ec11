import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AreaWrapper, fakeApi } from '../../components/sortableListTesting';
import { PartnerCreate } from './PartnerCreate';
import { views } from '.';

afterEach(() => vi.unstubAllGlobals());

describe('partners form', () => {
  it("shows the declaration's messages under the right fields", async () => {
    const api = fakeApi({ partners: [] });
    const user = userEvent.setup();
    render(
      <AreaWrapper resource="partners" labels={views.labels} path="/partners/create">
        <PartnerCreate />
      </AreaWrapper>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'partner.example.com');
    await user.click(screen.getByRole('button', { name: 'Create partner' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Name is required'));
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveAccessibleDescription(
      'Website must be a web address (https://…) or a path starting with /',
    );
    expect(screen.getByRole('button', { name: 'Choose image: Logo' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
