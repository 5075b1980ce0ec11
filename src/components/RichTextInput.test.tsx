import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, ResourceContextProvider, type DataProvider } from 'react-admin';
import { GuardedForm } from './GuardedForm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../dataProvider';
import { i18nProvider } from '../i18nProvider';
import { FakeXhr, fakeFile, installFakeXhr, uploadAnswer } from './imageInputTesting';
import { RichTextInput } from './RichTextInput';

// jsdom has no layout: ProseMirror asks ranges for their boxes when it scrolls the caret into view.
beforeAll(() => {
  const rect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  document.elementFromPoint = () => null;
});

// The editor's code is loaded on first use: the first test pays for the import.
const findEditor = () => screen.findByRole('textbox', { name: 'Content' }, { timeout: 15_000 });

afterEach(() => vi.unstubAllGlobals());

function renderEditor(record: Record<string, unknown>, onSubmit = vi.fn(), provider?: DataProvider) {
  render(
    <AdminContext store={memoryStore()} i18nProvider={i18nProvider} dataProvider={provider}>
      <ResourceContextProvider value="blogs">
        <GuardedForm record={record} onSubmit={onSubmit}>
          <RichTextInput source="content" helperText="Shown on the website" />
        </GuardedForm>
      </ResourceContextProvider>
    </AdminContext>,
  );
  return onSubmit;
}

describe('RichTextInput', () => {
  it('names the editable region and its toolbar, and offers only what the sanitizer keeps', async () => {
    renderEditor({ id: 1, content: '<h2>Our story</h2><p>Since 1998.</p>' });
    const editor = await findEditor();
    expect(editor).toHaveAttribute('contenteditable', 'true');
    expect(within(editor).getByRole('heading', { level: 2, name: 'Our story' })).toBeInTheDocument();
    expect(screen.getByText('Shown on the website')).toBeInTheDocument();

    const toolbar = screen.getByRole('toolbar', { name: 'Content formatting' });
    for (const name of ['Bold', 'Italic', 'Underline', 'Superscript', 'Subscript', 'Bulleted list', 'Numbered list', 'Blockquote', 'Insert an image', 'Clear formatting']) {
      expect(within(toolbar).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(toolbar).getByRole('button', { name: 'Add a link' })).toBeInTheDocument();
    // Colours and alignment would be stripped by the server: not offered.
    expect(within(toolbar).queryByRole('button', { name: /align/i })).not.toBeInTheDocument();
    expect(within(toolbar).queryByRole('button', { name: /colou?r/i })).not.toBeInTheDocument();
  });

  it('shows which formats are on under the caret; actions are not toggles', async () => {
    renderEditor({ id: 1, content: '<ul><li><p><strong>Concrete</strong></p></li></ul>' });
    await findEditor();
    const toolbar = screen.getByRole('toolbar', { name: 'Content formatting' });
    await waitFor(() => expect(within(toolbar).getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true'));
    expect(within(toolbar).getByRole('button', { name: 'Italic' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(toolbar).getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(toolbar).getByRole('button', { name: 'Undo' })).not.toHaveAttribute('aria-pressed');
    // Nothing selected: there is no text to turn into a link yet.
    expect(within(toolbar).getByRole('button', { name: 'Add a link' })).toBeDisabled();
  });

  it('reads superscript and subscript, as <sup> and <sub> or as Google Docs writes them, and shows which is on', async () => {
    renderEditor({ id: 1, content: '<p><sup>TM</sup> 120 m<sup>2</sup>, CO<span style="vertical-align: sub">2</span></p>' });
    const editor = await findEditor();
    await waitFor(() => expect(editor.querySelectorAll('sup')).toHaveLength(2));
    expect([...editor.querySelectorAll('sub')].map((sub) => sub.textContent)).toEqual(['2']);
    const toolbar = screen.getByRole('toolbar', { name: 'Content formatting' });
    await waitFor(() => expect(within(toolbar).getByRole('button', { name: 'Superscript' })).toHaveAttribute('aria-pressed', 'true'));
    expect(within(toolbar).getByRole('button', { name: 'Subscript' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the heading level under the caret in the text style picker', async () => {
    renderEditor({ id: 1, content: '<h3>Scope</h3>' });
    await findEditor();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Text style' })).toHaveTextContent('Subheading'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Text style' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Paragraph', 'Heading', 'Subheading', 'Minor heading']);
  });

  it('inserts an image from an address typed in a dialog, refusing unsafe addresses', async () => {
    const onSubmit = renderEditor({ id: 1, content: '<p>Site visit</p>' });
    const user = userEvent.setup();
    await findEditor();
    await user.click(screen.getByRole('button', { name: 'Insert an image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert an image' });
    const address = within(dialog).getByRole('textbox', { name: 'Image address' });
    await user.type(address, 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(address).toHaveAccessibleDescription(/web address/);

    await user.clear(address);
    await user.type(address, 'https://example.com/crane.jpg');
    await user.type(within(dialog).getByRole('textbox', { name: 'Alternative text' }), 'Tower crane');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const saved = onSubmit.mock.lastCall?.[0] as { content: string };
    expect(saved.content).toContain('src="https://example.com/crane.jpg"');
    expect(saved.content).toContain('alt="Tower crane"');
  });

  it('uploads an image from this device in the same dialog, and inserts it by the address the API gave', async () => {
    installFakeXhr();
    const onSubmit = renderEditor({ id: 1, content: '<p>Site visit</p>' }, vi.fn(), dataProvider);
    const user = userEvent.setup({ applyAccept: false, pointerEventsCheck: 0 });
    await findEditor();
    await user.click(screen.getByRole('button', { name: 'Insert an image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert an image' });
    const address = within(dialog).getByRole('textbox', { name: 'Image address' });
    expect(address).toHaveAccessibleDescription('Upload one, or give its address: https://… or a path on this site, like /api/uploads/…');
    await user.click(within(dialog).getByRole('button', { name: 'Upload from this device' }));
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type=file]')!, fakeFile('crane.png', 'image/png'));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(address).toHaveAccessibleDescription('Uploading crane.png…');
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    act(() => FakeXhr.last.respond(201, { ...uploadAnswer('crane.png'), src: '/api/uploads/7f3a/crane.png' }));
    await waitFor(() => expect(address).toHaveValue('/api/uploads/7f3a/crane.png'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Alternative text' }), 'Tower crane at dawn');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const saved = onSubmit.mock.lastCall?.[0] as { content: string };
    expect(saved.content).toContain('src="/api/uploads/7f3a/crane.png"');
    expect(saved.content).toContain('alt="Tower crane at dawn"');
  });

  it('refuses a file that is not an image before sending it, and mailto: as an image address', async () => {
    installFakeXhr();
    renderEditor({ id: 1, content: '<p>Site visit</p>' }, vi.fn(), dataProvider);
    const user = userEvent.setup({ applyAccept: false, pointerEventsCheck: 0 });
    await findEditor();
    await user.click(screen.getByRole('button', { name: 'Insert an image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert an image' });
    const address = within(dialog).getByRole('textbox', { name: 'Image address' });
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type=file]')!, fakeFile('notes.pdf', 'application/pdf'));
    await waitFor(() => expect(address).toHaveAccessibleDescription(/^notes\.pdf: /));
    expect(FakeXhr.instances).toHaveLength(0);
    await user.type(address, 'mailto:site@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(address).toHaveAccessibleDescription("Enter an image's web address (https://…) or a path starting with /");
  });
});
