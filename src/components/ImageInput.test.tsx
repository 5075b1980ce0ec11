import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, memoryStore, ResourceContextProvider } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../dataProvider';
import { ImageInput, type ImageInputProps } from './ImageInput';
import { FakeXhr, fakeFile, installFakeXhr, testI18n, uploadAnswer } from './imageInputTesting';

function Value({ source }: { source: string }) {
  const value: unknown = useWatch({ name: source });
  return <output data-testid="value">{JSON.stringify(value ?? null)}</output>;
}

function renderInput(props: Partial<ImageInputProps> = {}, record: Record<string, unknown> = { id: 1 }) {
  const source = props.source ?? 'photo';
  render(
    <AdminContext dataProvider={dataProvider} store={memoryStore()} i18nProvider={testI18n()}>
      <ResourceContextProvider value="testimonials">
        <Form record={record}>
          <ImageInput source={source} {...props} />
          <Value source={source} />
        </Form>
      </ResourceContextProvider>
    </AdminContext>,
  );
  // The file input sits behind the visible button and ignores the pointer; the test hands it files directly.
  const user = userEvent.setup({ applyAccept: false, pointerEventsCheck: 0 });
  return { user, fileInput: () => document.querySelector('input[type=file]') as HTMLInputElement };
}

beforeEach(installFakeXhr);
afterEach(() => vi.unstubAllGlobals());

describe('ImageInput', () => {
  it('refuses a file of the wrong type without uploading it', async () => {
    const { user, fileInput } = renderInput();
    await user.upload(fileInput(), fakeFile('logo.bmp', 'image/bmp'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not accepted: choose a JPEG, PNG, WebP or GIF file.');
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('refuses an image over 5 MB', async () => {
    const { user, fileInput } = renderInput();
    await user.upload(fileInput(), fakeFile('huge.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('images can be up to 5 MB');
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('refuses a document that is not PDF or Word', async () => {
    const { user, fileInput } = renderInput({ source: 'cv', accept: 'document' });
    await user.upload(fileInput(), fakeFile('cv.png', 'image/png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('choose a PDF, DOC or DOCX file');
  });

  it('uploads at once, shows the progress, then a preview and stores the upload object', async () => {
    const { user, fileInput } = renderInput();
    await user.upload(fileInput(), fakeFile('jane.png', 'image/png'));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.last;
    expect(xhr.url).toBe('/api/uploads');
    expect(xhr.file.name).toBe('jane.png');

    act(() => xhr.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Uploading jane.png' })).toHaveAttribute('aria-valuenow', '40');

    act(() => xhr.respond(201, uploadAnswer('jane.png')));
    const preview = await screen.findByRole('img', { name: 'jane.png' });
    expect(preview).toHaveAttribute('src', '/api/uploads/u1/jane.png');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('value').textContent ?? '')).toEqual({
      src: '/api/uploads/u1/jane.png',
      title: 'jane.png',
      mime: 'image/png',
      size: 2048,
    });
  });

  it('keeps a keyboard user\'s place through the upload (Cancel, then Replace) and says when it is done', async () => {
    const { fileInput } = renderInput();
    // As a keyboard user picks a file: Enter on Choose opens the chooser, whose choice comes as a change of the input.
    screen.getByRole('button', { name: 'Choose image: Photo' }).focus();
    fireEvent.change(fileInput(), { target: { files: [fakeFile('jane.png', 'image/png')] } });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    // Choose gave way to the progress: the focus went to the page (then its heading) before.
    expect(screen.getByRole('button', { name: 'Cancel upload' })).toHaveFocus();
    act(() => FakeXhr.last.respond(201, uploadAnswer('jane.png')));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Replace photo' })).toHaveFocus());
    expect(screen.getByText('jane.png uploaded.')).toHaveAttribute('role', 'status');
  });

  it('shows under the field what the API said of a part of its value (cover_image.src), which no input names', async () => {
    // As a save's answer sets it (react-admin's server-side validation): once the form is there.
    function RefusedSrc() {
      const { setError } = useFormContext();
      return (
        <button type="button" onClick={() => setError('photo.src', { type: 'server', message: 'This file is a private document: only an uploaded image can be used here' })}>
          Refuse
        </button>
      );
    }
    render(
      <AdminContext dataProvider={dataProvider} store={memoryStore()} i18nProvider={testI18n()}>
        <ResourceContextProvider value="testimonials">
          <Form record={{ id: 1, photo: { src: '/api/uploads/u1', title: 'kit.pdf', mime: 'application/pdf', size: 45 } }}>
            <ImageInput source="photo" />
            <RefusedSrc />
          </Form>
        </ResourceContextProvider>
      </AdminContext>,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('This file is a private document: only an uploaded image can be used here')).toBeInTheDocument();
  });

  it("shows the server's refusal (415) in the same words", async () => {
    const { user, fileInput } = renderInput();
    await user.upload(fileInput(), fakeFile('fake.png', 'image/png'));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.last.respond(415, { message: 'Unsupported Media Type' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not accepted');
    expect(screen.getByTestId('value')).toHaveTextContent('null');
  });

  it("says why the server refused a small image as too large (its pixels), in the server's words", async () => {
    const { user, fileInput } = renderInput();
    await user.upload(fileInput(), fakeFile('wide.png', 'image/png'));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const reason = 'The image is too large: 9000 × 5000 pixels; images can have at most 40 megapixels.';
    act(() => FakeXhr.last.respond(413, { message: reason, errors: { file: reason } }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByTestId('value')).toHaveTextContent('null');
  });

  it('says a file the server found too large in bytes is over the size limit', async () => {
    const { user, fileInput } = renderInput();
    await user.upload(fileInput(), fakeFile('big.png', 'image/png'));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.last.respond(413, { message: 'The file is too large: images can be at most 5 MB.' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is too large: images can be up to 5 MB.');
  });

  it('cancels an upload in progress', async () => {
    const { user, fileInput } = renderInput();
    await user.upload(fileInput(), fakeFile('slow.png', 'image/png'));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(FakeXhr.last.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Choose image/ })).toBeInTheDocument();
  });

  it('removes the current image', async () => {
    const { user } = renderInput({}, { id: 1, photo: { src: '/api/uploads/a/old.png', title: 'old.png', mime: 'image/png', size: 10 } });
    expect(screen.getByRole('img', { name: 'old.png' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Remove/ }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('null');
  });

  it("keeps an image's alternative text in its value, and none for a document", async () => {
    const { user } = renderInput({}, { id: 1, photo: { src: '/api/uploads/a/old.png', title: 'old.png', mime: 'image/png', size: 10 } });
    const alt = screen.getByRole('textbox', { name: 'Alternative text of photo' });
    expect(alt).toHaveAccessibleDescription('What the image shows, for people who cannot see it.');
    await user.type(alt, 'A crane at dawn');
    expect(JSON.parse(screen.getByTestId('value').textContent ?? '')).toEqual({ src: '/api/uploads/a/old.png', title: 'old.png', alt: 'A crane at dawn', mime: 'image/png', size: 10 });
    expect(screen.getByRole('img', { name: 'A crane at dawn' })).toBeInTheDocument();
    await user.clear(alt);
    expect(JSON.parse(screen.getByTestId('value').textContent ?? '')).toMatchObject({ alt: null });
  });

  it('keeps alternative text pasted past the limit whole and says it is too long', async () => {
    const { user } = renderInput({}, { id: 1, photo: { src: '/api/uploads/a/old.png', title: 'old.png', mime: 'image/png', size: 10 } });
    const alt = screen.getByRole('textbox', { name: 'Alternative text of photo' });
    const pasted = 'A crane at dawn '.repeat(22); // 352 characters, 351 as trimmed
    await user.click(alt);
    await user.paste(pasted);
    // A maxLength on the input kept the first 300 and dropped the rest without a word.
    expect(alt).toHaveValue(pasted);
    expect(alt).toHaveAttribute('aria-invalid', 'true');
    expect(alt).toHaveAccessibleDescription('Alternative text must be at most 300 characters');
    await user.keyboard('{Backspace}'.repeat(60));
    expect(alt).toHaveAttribute('aria-invalid', 'false');
    expect(alt).toHaveAccessibleDescription('What the image shows, for people who cannot see it.');
  });

  it('shows a document as a chip with its name and size', () => {
    renderInput({ source: 'cv', accept: 'document' }, { id: 1, cv: { src: '/api/uploads/b/cv.pdf', title: 'cv.pdf', mime: 'application/pdf', size: 2 * 1024 * 1024 } });
    expect(screen.getByText('cv.pdf · 2 MB')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Alternative text/ })).not.toBeInTheDocument();
  });

  it('opens the file chooser from a labelled, focusable button', async () => {
    const { user, fileInput } = renderInput();
    const click = vi.spyOn(fileInput(), 'click');
    await user.tab();
    expect(screen.getByRole('button', { name: /Choose image/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();
    expect(screen.getByLabelText('Photo')).toBe(fileInput());
  });
});
