import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Create, Edit, memoryStore, required, TestMemoryRouter, TextInput, useNotify } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuardedForm } from '../components/GuardedForm';
import { fakeApi } from '../components/sortableListTesting';
import { dataProvider } from '../dataProvider';
import { i18nProvider } from '../i18nProvider';
import { ReactAdminNotifications, templateFor, templateForNotice } from './ReactAdminNotifications';
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
    // react-admin sends a save's notice as info.
    renderWith({ message: 'ra.notification.updated', type: 'info' });
    await userEvent.click(screen.getByRole('button', { name: 'notify' }));
    await waitFor(() =>
      expect(notifications.getSnapshot()).toEqual([
        expect.objectContaining({ type: 'success', title: 'Success', message: 'Changes saved' }),
      ]),
    );
  });

  it("maps react-admin's invalid form notice to Form Validation (SPEC §8)", async () => {
    // react-admin sends it as an error (ra-core's useNotifyIsFormInvalid).
    renderWith({ message: 'ra.message.invalid_form', type: 'error' });
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

  it.each([
    ['ra.notification.created', 'info'],
    ['ra.message.invalid_form', 'error'],
    ['Please check your internet connection', 'error'],
  ] as const)("shows %s once, in our area: react-admin's own snackbar stays empty", async (message, type) => {
    renderWith({ message, type });
    await userEvent.click(screen.getByRole('button', { name: 'notify' }));
    await waitFor(() => expect(notifications.getSnapshot()).toHaveLength(1));
    // Its snackbar would have been open by now: the notice is taken from the queue in the render after notify().
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.MuiSnackbar-root')).toBeNull();
  });

  it('leaves undoable notices to the toast area, with its Undo button', async () => {
    renderWith({ message: 'ra.notification.deleted', type: 'info', undoable: true });
    await userEvent.click(screen.getByRole('button', { name: 'notify' }));
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(notifications.getSnapshot()).toEqual([]);
  });
});

describe('templateForNotice: every key react-admin notifies with, mapped on purpose (SPEC §8)', () => {
  it.each([
    ['resources.blogs.notifications.created', 'info', 'Post created', { type: 'success', title: 'Success', message: 'Post created' }],
    ['resources.hero.notifications.updated', 'info', 'Changes saved', { type: 'success', title: 'Success', message: 'Changes saved' }],
    ['resources.blogs.notifications.deleted', 'info', 'Post deleted', { type: 'success', title: 'Success', message: 'Post deleted' }],
    ['ra.notification.created', 'info', '', { type: 'success', title: 'Success', message: 'Operation completed successfully' }],
    ['ra.message.invalid_form', 'error', 'Please check the form for errors', { type: 'warning', title: 'Form Validation', message: 'Please check the form for errors' }],
    ['ra.notification.http_error', 'warning', 'Something went wrong', { type: 'error', title: 'Error', message: 'Something went wrong' }],
    ['ra.notification.not_authorized', 'error', 'You are not authorized to perform this action', { type: 'error', title: 'Access Denied', message: 'You are not authorized to perform this action' }],
    ['ra.notification.logged_out', 'error', 'Your session has ended, please reconnect.', { type: 'warning', title: 'Authentication Required', message: 'Please log in to access this page' }],
    ['ra.auth.auth_check_error', 'error', '', { type: 'warning', title: 'Authentication Required', message: 'Please log in to access this page' }],
    ['Please check your internet connection', 'error', 'Please check your internet connection', { type: 'error', title: 'Connection Error', message: 'Please check your internet connection' }],
    ['Title is required', 'error', 'Title is required', { type: 'error', title: 'Error', message: 'Title is required' }],
    ['Order saved', 'success', 'Order saved', { type: 'success', title: 'Success', message: 'Order saved' }],
  ] as const)('%s (%s)', (key, type, text, expected) => {
    expect(templateForNotice(key, type, text)).toEqual(expected);
  });
});

describe('templateFor', () => {
  it('falls back to a generic title for messages outside the catalogue', () => {
    expect(templateFor('error', 'Title is required')).toEqual({ type: 'error', title: 'Error', message: 'Title is required' });
    expect(templateFor('info', 'Hello')).toEqual({ type: 'info', title: 'Information', message: 'Hello' });
  });
});

// A real Edit and Create over the real dataProvider (only the network is faked): what a save says, end to end.
function renderSave(view: 'edit' | 'create', api: Parameters<typeof fakeApi>[1] = {}) {
  fakeApi({ features: [{ id: 1, title: 'Design & Build', position: 1 }] }, api);
  const form = (
    <GuardedForm>
      <TextInput source="title" validate={required()} />
    </GuardedForm>
  );
  render(
    <TestMemoryRouter initialEntries={['/features/1']}>
      <AdminContext dataProvider={dataProvider} store={memoryStore()} i18nProvider={i18nProvider}>
        {view === 'edit' ? (
          <Edit resource="features" id={1} mutationMode="pessimistic" redirect={false}>
            {form}
          </Edit>
        ) : (
          <Create resource="features" redirect={false}>
            {form}
          </Create>
        )}
        <ReactAdminNotifications />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const formValidation = { type: 'warning', title: 'Form Validation', message: 'Please check the form for errors' };
const shown = () => notifications.getSnapshot().map(({ type, title, message }) => ({ type, title, message }));

describe('what a save says (issue #8 item 5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('an invalid form: a Form Validation warning; the retry that saves: Success, Changes saved, and the warning gone', async () => {
    const user = userEvent.setup();
    renderSave('edit');
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await waitFor(() => expect(title).toHaveValue('Design & Build'));
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shown()).toEqual([formValidation]));

    await user.type(title, 'Design and Build');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shown()).toEqual([{ type: 'success', title: 'Success', message: 'Changes saved' }]));
  });

  it('a refusal from the server on the fields is a Form Validation warning too', async () => {
    const user = userEvent.setup();
    renderSave('edit', { rejectWrites: { title: 'This title is taken' } });
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await waitFor(() => expect(title).toHaveValue('Design & Build'));
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shown()).toEqual([formValidation]));
    expect(await screen.findByText('This title is taken')).toBeInTheDocument();
  });

  it('a created record: Success, named by what was created', async () => {
    const user = userEvent.setup();
    renderSave('create');
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Fast Permits');
    await user.click(screen.getByRole('button', { name: 'Create feature' }));
    await waitFor(() => expect(shown()).toEqual([{ type: 'success', title: 'Success', message: 'Feature created' }]));
  });
});
