import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditBase, TextInput, type AuthProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuardedForm } from './GuardedForm';
import { InboxNotes } from './InboxNotes';
import { AreaWrapper, fakeApi } from './sortableListTesting';

// Issue #8 item 2: a save answered 409 keeps the edits, says who changed the record and when, shows what differs,
// and offers Reload their version, Overwrite with mine and Cancel. Wired once, in GuardedForm (every form).

const ERIN = { id: 2, name: 'Erin Example' };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function post() {
  return { id: 47, title: 'Post 47', excerpt: 'First excerpt', version: 1, created_at: minutesAgo(60), updated_at: minutesAgo(60) };
}

function renderEdit(authProvider?: AuthProvider) {
  return render(
    <AreaWrapper resource="blogs" path="/blogs/47" route="/blogs/:id" authProvider={authProvider}>
      <EditBase mutationMode="pessimistic" redirect={false}>
        <GuardedForm>
          <TextInput source="title" />
          <TextInput source="excerpt" />
        </GuardedForm>
      </EditBase>
    </AreaWrapper>,
  );
}

/** Erin saves the post while this form is open: the title, at version 2. */
function erinChangesTitle(row: Record<string, unknown>) {
  Object.assign(row, { title: 'Erin’s title', version: 2, updated_at: minutesAgo(2) });
}

async function saveTitle(user: ReturnType<typeof userEvent.setup>, value: string) {
  const title = await screen.findByRole('textbox', { name: 'Title' });
  await user.clear(title);
  await user.type(title, value);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

const tabCloseIsQuestioned = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

afterEach(() => vi.unstubAllGlobals());

describe('a save that someone else got in before', () => {
  it('keeps the edits and opens a labelled dialog: who, when, the field with their value and mine; no error notice', async () => {
    const api = fakeApi({ blogs: [post()] }, { conflictsBy: ERIN });
    const user = userEvent.setup();
    renderEdit();
    await screen.findByDisplayValue('Post 47');
    erinChangesTitle(api.tables.blogs![0]!);
    await saveTitle(user, 'Dana’s title');

    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this record' });
    // The save named the version the form was opened at.
    expect(api.calls.filter((call) => call.method === 'PUT').map((call) => (call.body as { version?: number }).version)).toEqual([1]);
    expect(dialog).toHaveAccessibleDescription(/^Erin Example changed it 2m ago\. Your changes are still in the form/);
    const rows = within(within(dialog).getByRole('table', { name: 'Fields you both changed' })).getAllByRole('row');
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['Field', 'Their version', 'Yours'],
      ['Title', 'Erin’s title', 'Dana’s title'],
    ]);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Title', hidden: true })).toHaveValue('Dana’s title');
    expect(screen.queryByText(/Someone else changed this record since you opened it/)).not.toBeInTheDocument();
    expect(api.tables.blogs![0]!.title).toBe('Erin’s title');
  });

  it('says it was you, in another tab or window, when the version in the way is your own save', async () => {
    const api = fakeApi({ blogs: [post()] }, { conflictsBy: ERIN });
    const user = userEvent.setup();
    const signedInAsErin: AuthProvider = {
      login: async () => undefined,
      logout: async () => undefined,
      checkAuth: async () => undefined,
      checkError: async () => undefined,
      getIdentity: async () => ({ id: ERIN.id, fullName: ERIN.name }),
    };
    renderEdit(signedInAsErin);
    await screen.findByDisplayValue('Post 47');
    erinChangesTitle(api.tables.blogs![0]!);
    await saveTitle(user, 'Dana’s title');

    const dialog = await screen.findByRole('dialog', { name: 'This record was saved elsewhere' });
    expect(dialog).toHaveAccessibleDescription(/^You changed it 2m ago, in another tab or window\. Your changes are still in the form/);
    const rows = within(within(dialog).getByRole('table', { name: 'Fields you both changed' })).getAllByRole('row');
    expect(rows[0]?.textContent).toBe('FieldSaved versionYours');
    expect(within(dialog).getByRole('button', { name: 'Reload the saved version' })).toBeInTheDocument();
  });

  it('Cancel (or Escape) keeps editing: the edits stay and the page still counts as unsaved', async () => {
    const api = fakeApi({ blogs: [post()] }, { conflictsBy: ERIN });
    const user = userEvent.setup();
    renderEdit();
    await screen.findByDisplayValue('Post 47');
    erinChangesTitle(api.tables.blogs![0]!);
    await saveTitle(user, 'Dana’s title');
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Dana’s title');
    expect(tabCloseIsQuestioned()).toBe(true);
  });

  it('Reload their version discards my edits and shows theirs, with their version for the next save', async () => {
    const api = fakeApi({ blogs: [post()] }, { conflictsBy: ERIN });
    const user = userEvent.setup();
    renderEdit();
    await screen.findByDisplayValue('Post 47');
    erinChangesTitle(api.tables.blogs![0]!);
    await saveTitle(user, 'Dana’s title');
    await user.click(await screen.findByRole('button', { name: 'Reload their version' }));

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Erin’s title'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(tabCloseIsQuestioned()).toBe(false);
    // A later edit saves on top of Erin's version: no conflict.
    const excerpt = screen.getByRole('textbox', { name: 'Excerpt' });
    await user.clear(excerpt);
    await user.type(excerpt, 'Dana’s excerpt');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.tables.blogs![0]).toMatchObject({ title: 'Erin’s title', excerpt: 'Dana’s excerpt', version: 3 }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Reload their version keeps my changes to the fields they did not change, still to be saved', async () => {
    const api = fakeApi({ blogs: [post()] }, { conflictsBy: ERIN });
    const user = userEvent.setup();
    renderEdit();
    await screen.findByDisplayValue('Post 47');
    // Erin changed the title only.
    Object.assign(api.tables.blogs![0]!, { _changedBy: ['title'] });
    erinChangesTitle(api.tables.blogs![0]!);
    const excerpt = screen.getByRole('textbox', { name: 'Excerpt' });
    await user.clear(excerpt);
    await user.type(excerpt, 'Dana’s excerpt');
    await saveTitle(user, 'Dana’s title');
    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this record' });
    expect(dialog).toHaveAccessibleDescription(/Reloading takes the saved version of the fields below and keeps your changes to the others, still to be saved\. Overwriting saves your changes and keeps theirs to the fields you did not change\.$/);
    await user.click(within(dialog).getByRole('button', { name: 'Reload their version' }));

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Erin’s title'));
    expect(screen.getByRole('textbox', { name: 'Excerpt' })).toHaveValue('Dana’s excerpt');
    expect(tabCloseIsQuestioned()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.tables.blogs![0]).toMatchObject({ title: 'Erin’s title', excerpt: 'Dana’s excerpt', version: 3 }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Overwrite with mine saves my values again, naming the current version', async () => {
    const api = fakeApi({ blogs: [post()] }, { conflictsBy: ERIN });
    const user = userEvent.setup();
    renderEdit();
    await screen.findByDisplayValue('Post 47');
    erinChangesTitle(api.tables.blogs![0]!);
    await saveTitle(user, 'Dana’s title');
    await user.click(await screen.findByRole('button', { name: 'Overwrite with mine' }));

    await waitFor(() => expect(api.tables.blogs![0]).toMatchObject({ title: 'Dana’s title', version: 3 }));
    const puts = api.calls.filter((call) => call.method === 'PUT').map((call) => call.body as { version: number; title: string });
    expect(puts.map(({ version, title }) => [version, title])).toEqual([
      [1, 'Dana’s title'],
      [2, 'Dana’s title'],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Overwrite with mine keeps their changes to the fields I did not change', async () => {
    const api = fakeApi({ blogs: [post()] }, { conflictsBy: ERIN });
    const user = userEvent.setup();
    renderEdit();
    await screen.findByDisplayValue('Post 47');
    // Erin changed the title and the excerpt; I change the title only.
    Object.assign(api.tables.blogs![0]!, { excerpt: 'Erin’s excerpt', _changedBy: ['title', 'excerpt'] });
    erinChangesTitle(api.tables.blogs![0]!);
    await saveTitle(user, 'Dana’s title');
    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this record' });
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));

    await waitFor(() => expect(api.tables.blogs![0]).toMatchObject({ title: 'Dana’s title', excerpt: 'Erin’s excerpt', version: 3 }));
    const last = api.calls.filter((call) => call.method === 'PUT').at(-1)?.body as { version: number; title: string; excerpt: string };
    expect([last.version, last.title, last.excerpt]).toEqual([2, 'Dana’s title', 'Erin’s excerpt']);
  });

  it('other refusals are reported as before, without the dialog', async () => {
    fakeApi({ blogs: [post()] }, { rejectWrites: { title: 'Title is required' } });
    const user = userEvent.setup();
    renderEdit();
    await screen.findByDisplayValue('Post 47');
    await saveTitle(user, 'x');
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('inbox notes', () => {
  it('a 409 on Save notes keeps the draft and opens the dialog; Overwrite saves it at the current version', async () => {
    const submission = { id: 5, full_name: 'Ada', status: 'new', read: true, notes: null, version: 1, updated_at: minutesAgo(90) };
    const api = fakeApi({ 'contact-us-form': [submission] }, { conflictsBy: ERIN });
    const user = userEvent.setup();
    render(
      <AreaWrapper resource="contact-us-form" path="/contact-us-form/5" route="/contact-us-form/:id">
        <EditBase mutationMode="pessimistic" redirect={false}>
          <InboxNotes />
        </EditBase>
      </AreaWrapper>,
    );
    const notes = await screen.findByRole('textbox');
    Object.assign(api.tables['contact-us-form']![0]!, { notes: 'Called back', version: 2, updated_at: minutesAgo(90) });
    await user.type(notes, 'Emailed');
    await user.click(screen.getByRole('button', { name: 'Save notes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this record' });
    expect(within(dialog).getByRole('row', { name: /Notes/ })).toHaveTextContent('NotesCalled backEmailed');
    expect(dialog).toHaveAccessibleDescription(/^Erin Example changed it 1h ago\./);
    expect(notes).toHaveValue('Emailed');
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    await waitFor(() => expect(api.tables['contact-us-form']![0]).toMatchObject({ notes: 'Emailed', version: 3 }));
  });
});
