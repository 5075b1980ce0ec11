import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusRescue } from './focusRescue';

// A page with a heading and a Delete that takes itself away, and a way to change the page (its heading) later.
function Page({ headingLater = false }: { headingLater?: boolean }) {
  useFocusRescue();
  const [deleted, setDeleted] = useState(false);
  const [next, setNext] = useState(false);
  const heading = headingLater ? (next ? 'Blog Posts' : undefined) : 'Features Section';
  return (
    <main id="main-content">
      {heading && <h1>{heading}</h1>}
      {!deleted && (
        <button type="button" onClick={() => setDeleted(true)}>
          Delete
        </button>
      )}
      <button type="button">Stays</button>
      <button type="button" data-testid="arrive" hidden onClick={() => setNext(true)} />
      <button type="button" data-testid="remove" hidden onClick={() => setDeleted(true)} />
    </main>
  );
}

describe('the focus after its control went away (WCAG 2.4.3)', () => {
  it('moves to the page heading when the focused button is removed, and Tab goes on from there', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const heading = screen.getByRole('heading', { name: 'Features Section' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Stays' })).toHaveFocus();
  });

  it('waits for the heading of a page still on its way', async () => {
    const user = userEvent.setup();
    render(<Page headingLater />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(document.body).toHaveFocus();
    act(() => screen.getByTestId('arrive').click());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Blog Posts' })).toHaveFocus());
  });

  it('gives the focus back to a control disabled for a moment (as Chromium takes it from a disabled control)', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const stays = screen.getByRole('button', { name: 'Stays' });
    await user.click(stays);
    // Blurred as it is disabled (jsdom cannot blur a control once disabled; Chromium does it the other way round).
    act(() => {
      stays.blur();
      stays.setAttribute('disabled', '');
    });
    expect(document.body).toHaveFocus();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.body).toHaveFocus();
    act(() => stays.removeAttribute('disabled'));
    await waitFor(() => expect(stays).toHaveFocus());
  });

  it('leaves alone a focus the user took away themselves, even when its control goes later', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const remove = screen.getByRole('button', { name: 'Delete' });
    act(() => remove.focus());
    // A click on the page's background: the focus leaves for nothing, its control still there.
    act(() => remove.blur());
    expect(document.body).toHaveFocus();
    await new Promise((resolve) => setTimeout(resolve, 20));
    act(() => screen.getByTestId('remove').click());
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.body).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Stays' })).toHaveFocus();
  });
});
