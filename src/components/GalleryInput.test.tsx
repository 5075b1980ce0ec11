import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, memoryStore, ResourceContextProvider } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { projects } from '../../schema/areas/projects';
import { fieldMax } from '../../schema/define';
import { dataProvider, type UploadedFile } from '../dataProvider';
import { GalleryInput } from './GalleryInput';
import { FakeXhr, fakeFile, installFakeXhr, testI18n, uploadAnswer } from './imageInputTesting';

const image = (name: string): UploadedFile => ({ src: `/api/uploads/${name}`, title: name, mime: 'image/jpeg', size: 1000 });

function Value() {
  const value = useWatch({ name: 'gallery' }) as UploadedFile[] | undefined;
  return <output data-testid="value">{(value ?? []).map((file) => file.title).join(',')}</output>;
}

function renderGallery(gallery: UploadedFile[] = [], max = fieldMax(projects, 'gallery')) {
  render(
    <AdminContext dataProvider={dataProvider} store={memoryStore()} i18nProvider={testI18n()}>
      <ResourceContextProvider value="projects">
        <Form record={{ id: 1, gallery }}>
          <GalleryInput source="gallery" max={max} />
          <Value />
        </Form>
      </ResourceContextProvider>
    </AdminContext>,
  );
  return userEvent.setup({ applyAccept: false, pointerEventsCheck: 0 });
}

const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

beforeEach(installFakeXhr);
afterEach(() => vi.unstubAllGlobals());

describe('GalleryInput', () => {
  it('uploads several images at once, each with its own progress, and appends them in the order chosen', async () => {
    const user = renderGallery([image('a.jpg')]);
    await user.upload(fileInput(), [fakeFile('b.png', 'image/png'), fakeFile('c.png', 'image/png')]);
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    const [first, second] = FakeXhr.instances as [FakeXhr, FakeXhr];
    act(() => second.progress(30, 100));
    expect(screen.getByRole('progressbar', { name: 'Uploading c.png' })).toHaveAttribute('aria-valuenow', '30');
    expect(screen.getByRole('progressbar', { name: 'Uploading b.png' })).toHaveAttribute('aria-valuenow', '0');
    // c.png finishes first: it waits, still shown as an upload, for b.png, chosen before it.
    act(() => second.respond(201, { ...uploadAnswer('c.png'), src: '/api/uploads/c.png' }));
    await act(async () => undefined);
    expect(value()).toBe('a.jpg');
    expect(screen.getByRole('progressbar', { name: 'Uploading c.png' })).toBeInTheDocument();
    act(() => first.respond(201, { ...uploadAnswer('b.png'), src: '/api/uploads/b.png' }));
    await waitFor(() => expect(value()).toBe('a.jpg,b.png,c.png'));
    expect(screen.getByRole('img', { name: 'b.png' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('refuses files of the wrong type and beyond the maximum, naming each', async () => {
    const user = renderGallery([image('a.jpg')], 2);
    await user.upload(fileInput(), [fakeFile('doc.pdf', 'application/pdf'), fakeFile('b.png', 'image/png'), fakeFile('c.png', 'image/png')]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('doc.pdf: This file type is not accepted');
    expect(alert).toHaveTextContent('c.png: the gallery holds at most 2 images.');
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(FakeXhr.last.file.name).toBe('b.png');
  });

  it('reorders with Move earlier / Move later and removes one image', async () => {
    const user = renderGallery([image('a.jpg'), image('b.jpg'), image('c.jpg')]);
    expect(screen.getByRole('button', { name: 'Move a.jpg earlier' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move a.jpg later' }));
    expect(value()).toBe('b.jpg,a.jpg,c.jpg');
    await user.click(screen.getByRole('button', { name: 'Move c.jpg earlier' }));
    expect(value()).toBe('b.jpg,c.jpg,a.jpg');
    const list = screen.getByRole('list', { name: /in display order/ });
    expect(within(list).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['b.jpg', 'c.jpg', 'a.jpg']);
    await user.click(screen.getByRole('button', { name: 'Remove c.jpg' }));
    expect(value()).toBe('b.jpg,a.jpg');
    expect(screen.getByRole('button', { name: 'Drag to reorder a.jpg' })).toBeInTheDocument();
  });

  it('keeps the focus near a removed image: the next one, else the one before, else Add images', async () => {
    const user = renderGallery([image('a.jpg'), image('b.jpg'), image('c.jpg')]);
    await user.click(screen.getByRole('button', { name: 'Remove a.jpg' }));
    expect(screen.getByRole('button', { name: 'Remove b.jpg' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove c.jpg' }));
    expect(screen.getByRole('button', { name: 'Remove b.jpg' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove b.jpg' }));
    expect(value()).toBe('');
    expect(screen.getByRole('button', { name: /^Add images/ })).toHaveFocus();
  });

  it('gives each image its own alternative text, which follows it when the order changes', async () => {
    const user = renderGallery([image('a.jpg'), image('b.jpg')]);
    await user.type(screen.getByRole('textbox', { name: 'Alternative text of image 2, b.jpg' }), 'The lobby');
    await user.click(screen.getByRole('button', { name: 'Move b.jpg earlier' }));
    expect(value()).toBe('b.jpg,a.jpg');
    expect(screen.getByRole('textbox', { name: 'Alternative text of image 1, b.jpg' })).toHaveValue('The lobby');
    expect(screen.getByRole('textbox', { name: 'Alternative text of image 2, a.jpg' })).toHaveValue('');
    expect(screen.getByRole('img', { name: 'The lobby' })).toBeInTheDocument();
  });

  it('cancels one upload and keeps the others', async () => {
    const user = renderGallery();
    await user.upload(fileInput(), [fakeFile('b.png', 'image/png'), fakeFile('c.png', 'image/png')]);
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Cancel upload of b.png' }));
    expect(FakeXhr.instances[0]?.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Uploading b.png' })).not.toBeInTheDocument());
    act(() => FakeXhr.instances[1]?.respond(201, { ...uploadAnswer('c.png'), src: '/api/uploads/c.png' }));
    await waitFor(() => expect(value()).toBe('c.png'));
  });
});
