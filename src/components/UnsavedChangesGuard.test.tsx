import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AdminContext, memoryStore, ResourceContextProvider, TestMemoryRouter, TextInput } from 'react-admin';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../i18nProvider';
import { GuardedForm } from './GuardedForm';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

// The edit page: a form, and a link elsewhere in the console as the menu would offer.
function renderForm(onSubmit: (values: Record<string, unknown>) => Promise<void> | void = () => undefined) {
  return render(
    <TestMemoryRouter initialEntries={['/posts/1']}>
      <AdminContext store={memoryStore()} i18nProvider={i18nProvider}>
        <Routes>
          <Route
            path="/posts/1"
            element={
              <>
                <Link to="/elsewhere">Elsewhere</Link>
                <ResourceContextProvider value="posts">
                  <GuardedForm record={{ id: 1, title: 'First' }} onSubmit={onSubmit}>
                    <TextInput source="title" />
                  </GuardedForm>
                </ResourceContextProvider>
              </>
            }
          />
          <Route path="/elsewhere" element={<h1>Elsewhere page</h1>} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

// What the browser does before closing or reloading the tab: the page asks by cancelling the event.
function tabCloseIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const confirmSpy = () => vi.spyOn(window, 'confirm').mockReturnValue(true);

afterEach(() => vi.restoreAllMocks());

describe('GuardedForm: the unsaved-changes guard of every form (issue #8 item 4)', () => {
  it('lets an untouched form go without a question', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('textbox', { name: 'Title' });
    expect(tabCloseIsQuestioned()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
  });

  it('asks in its own dialog, Stay focused; Stay keeps the page and the edit, never window.confirm', async () => {
    const confirm = confirmSpy();
    const user = userEvent.setup();
    renderForm();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Edited');
    expect(tabCloseIsQuestioned()).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your changes on this page have not been saved. If you leave now, they are lost.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stay' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Stay' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Edited');
    expect(screen.queryByRole('heading', { name: 'Elsewhere page' })).not.toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('Escape is Stay', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), '!');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('First!');
  });

  it('Leave goes where the user asked', async () => {
    const confirm = confirmSpy();
    const user = userEvent.setup();
    renderForm();
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), '!');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks nothing once the edits are saved', async () => {
    const saved = vi.fn();
    const user = userEvent.setup();
    renderForm(saved);
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith(expect.objectContaining({ title: 'First!' }), expect.anything()));
    await waitFor(() => expect(tabCloseIsQuestioned()).toBe(false));
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('holds a navigation made while saving until the answer, then lets it go without asking', async () => {
    let answer: () => void = () => undefined;
    const user = userEvent.setup();
    renderForm(() => new Promise<void>((resolve) => (answer = resolve)));
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Elsewhere page' })).not.toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

// A form outside react-hook-form (the inbox notes) guards with a plain flag.
function NotesPage() {
  const [draft, setDraft] = useState('');
  return (
    <>
      <Link to="/elsewhere">Elsewhere</Link>
      <label>
        Notes
        <textarea value={draft} onChange={(event) => setDraft(event.target.value)} />
      </label>
      <UnsavedChangesGuard when={draft !== ''} />
    </>
  );
}

describe('UnsavedChangesGuard with a plain flag', () => {
  it('asks only while the flag is up', async () => {
    const user = userEvent.setup();
    render(
      <TestMemoryRouter initialEntries={['/notes']}>
        <AdminContext store={memoryStore()} i18nProvider={i18nProvider}>
          <Routes>
            <Route path="/notes" element={<NotesPage />} />
            <Route path="/elsewhere" element={<h1>Elsewhere page</h1>} />
          </Routes>
        </AdminContext>
      </TestMemoryRouter>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Call back');
    expect(tabCloseIsQuestioned()).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.clear(screen.getByRole('textbox', { name: 'Notes' }));
    expect(tabCloseIsQuestioned()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
  });
});
