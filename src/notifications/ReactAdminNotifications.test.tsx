import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, useNotify } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nProvider } from '../i18nProvider';
import { ReactAdminNotifications, templateFor } from './ReactAdminNotifications';
import { notifications } from './store';

function Notifier({ message, type, undoable }: { message: string; type: 'success' | 'error' | 'warning' | 'info'; undoable?: boolean }) {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify(message, { type, undoable: undoable ?? false, messageArgs: { smart_count: 1 } })}>
      notify
    </button>
  );
}

const renderWith = (props: Parameters<typeof Notifier>[0]) =>
  render(
    <AdminContext store={memoryStore()} i18nProvider={i18nProvider}>
      <Notifier {...props} />
      <ReactAdminNotifications />
    </AdminContext>,
  );

afterEach(() => notifications.clear());

describe("react-admin's notify() goes through our notification store", () => {
  it('gives a success the generic Success title and translates the message', async () => {
    renderWith({ message: 'ra.notification.updated', type: 'success' });
    await userEvent.click(screen.getByRole('button', { name: 'notify' }));
    await waitFor(() =>
      expect(notifications.getSnapshot()).toEqual([
        expect.objectContaining({ type: 'success', title: 'Success', message: 'Changes saved' }),
      ]),
    );
  });

  it("maps react-admin's invalid form notice to Form Validation (SPEC §8)", async () => {
    renderWith({ message: 'ra.message.invalid_form', type: 'warning' });
    await userEvent.click(screen.getByRole('button', { name: 'notify' }));
    await waitFor(() =>
      expect(notifications.getSnapshot()[0]).toMatchObject({
        type: 'warning',
        title: 'Form Validation',
        message: 'Please check the form for errors',
      }),
    );
  });

  it("keeps a network failure's Connection Error title", async () => {
    renderWith({ message: 'Please check your internet connection', type: 'error' });
    await userEvent.click(screen.getByRole('button', { name: 'notify' }));
    await waitFor(() => expect(notifications.getSnapshot()[0]).toMatchObject({ title: 'Connection Error', autoClose: false }));
  });

  it('leaves undoable notices to the toast area, with its Undo button', async () => {
    renderWith({ message: 'ra.notification.deleted', type: 'info', undoable: true });
    await userEvent.click(screen.getByRole('button', { name: 'notify' }));
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(notifications.getSnapshot()).toEqual([]);
  });
});

describe('templateFor', () => {
  it('falls back to a generic title for messages outside the catalogue', () => {
    expect(templateFor('error', 'Title is required')).toEqual({ type: 'error', title: 'Error', message: 'Title is required' });
    expect(templateFor('info', 'Hello')).toEqual({ type: 'info', title: 'Information', message: 'Hello' });
  });
});
