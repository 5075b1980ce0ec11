import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AreaWrapper, fakeApi } from '../../components/sortableListTesting';
import { inTimeZone } from '../../components/timeZoneTesting';
import { BannerEdit } from './BannerEdit';
import { views } from '.';

// Dates stored as calendar days, as the API takes them: the start counts from 00:00 UTC, the end lasts until 24:00 UTC
// (schema/schedule.ts).
const banner = { id: 1, title: 'Open house', subtitle: null, image: null, link: null, button_text: null, placement: 'homepage_top', starts_at: '2026-10-20', ends_at: '2026-10-28', active: true };

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  localStorage.setItem('access_token', 'tok');
  api = fakeApi({ banners: [{ ...banner }] });
});
afterEach(() => vi.unstubAllGlobals());

describe('banner edit page', () => {
  it("shows a start day from its first minute and an end day to its last, in the browser's zone, and says so", async () => {
    await inTimeZone('America/Los_Angeles', async () => {
      render(
        <AreaWrapper resource="banners" labels={views.labels} path="/banners/1" route="/banners/:id">
          <BannerEdit />
        </AreaWrapper>,
      );
      // The form is drawn again once the record is in: its inputs are found after that.
      await screen.findByDisplayValue('Open house');
      const start = screen.getByLabelText('Start');
      const end = screen.getByLabelText('End');
      await waitFor(() => expect(start).toHaveValue('2026-10-19T17:00'));
      expect(end).toHaveValue('2026-10-28T16:59');
      expect(start).toHaveAccessibleDescription('Saved as the day Oct 20, 2026, from 00:00 UTC; shown here in your time. Empty: from now');
      expect(end).toHaveAccessibleDescription('Saved as the day Oct 28, 2026, until 24:00 UTC; shown here in your time. Empty: until switched off');

      // Passing through both fields changes nothing: the days are saved as they were, not as instants (leaving the
      // field wrote the end as 00:00 UTC, a day early).
      fireEvent.focus(start);
      fireEvent.blur(start);
      fireEvent.focus(end);
      fireEvent.blur(end);
      const user = userEvent.setup();
      await user.clear(screen.getByRole('textbox', { name: /^Title/ }));
      await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Open house weekend');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ title: 'Open house weekend', starts_at: '2026-10-20', ends_at: '2026-10-28' });
    });
  });
});
