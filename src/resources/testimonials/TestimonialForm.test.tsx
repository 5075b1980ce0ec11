import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testimonials } from '../../../schema/areas/testimonials';
import { fieldMax } from '../../../schema/define';
import { AreaWrapper, fakeApi } from '../../components/sortableListTesting';
import { TestimonialCreate } from './TestimonialCreate';
import { views } from '.';

function renderCreate() {
  render(
    <AreaWrapper resource="testimonials" labels={views.labels} path="/testimonials/create">
      <TestimonialCreate />
    </AreaWrapper>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('testimonials form', () => {
  it("shows the declaration's messages under the right fields", async () => {
    const api = fakeApi({ testimonials: [] });
    const user = userEvent.setup();
    renderCreate();
    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Northgate');
    await user.click(screen.getByRole('button', { name: 'Create testimonial' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Name is required'));
    expect(screen.getByRole('textbox', { name: 'Quote' })).toHaveAccessibleDescription('Quote is required');
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('marks the fields a testimonial cannot be saved without, and can be sent before anything is typed', () => {
    fakeApi({ testimonials: [] });
    renderCreate();
    // react-admin's asterisk after a thin space, which the label queries read as a space.
    expect(screen.getByLabelText('Name *')).toBe(screen.getByRole('textbox', { name: 'Name' }));
    expect(screen.getByLabelText('Quote *')).toBe(screen.getByRole('textbox', { name: 'Quote' }));
    expect(screen.getByLabelText('Role')).toBe(screen.getByRole('textbox', { name: 'Role' }));
    expect(screen.getByLabelText('Company')).toBe(screen.getByRole('textbox', { name: 'Company' }));
    // The '*' is hidden from screen readers; the field itself says it is required.
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Quote' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Role' })).not.toBeRequired();
    expect(screen.getByRole('button', { name: 'Create testimonial' })).toBeEnabled();
  });

  it("says the quote's declared limit", () => {
    fakeApi({ testimonials: [] });
    renderCreate();
    expect(screen.getByRole('textbox', { name: 'Quote' })).toHaveAccessibleDescription(
      `Their words, without quotation marks. Up to ${fieldMax(testimonials, 'quote')} characters.`,
    );
  });

  it('rates with the keyboard (five stars by default) and creates the testimonial', async () => {
    const api = fakeApi({ testimonials: [] });
    const user = userEvent.setup();
    renderCreate();
    const rating = screen.getByRole('group', { name: 'Rating' });
    expect(screen.getByRole('radio', { name: '5 Stars' })).toBeChecked();
    expect(rating).toBeInTheDocument();
    screen.getByRole('radio', { name: '5 Stars' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '4 Stars' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Jane Doe');
    await user.type(screen.getByRole('textbox', { name: 'Quote' }), 'Great team.');
    await user.click(screen.getByRole('button', { name: 'Create testimonial' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ name: 'Jane Doe', quote: 'Great team.', rating: 4, active: true });
  });
});
