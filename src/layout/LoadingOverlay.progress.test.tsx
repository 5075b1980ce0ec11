// Issue #8 item 6: the overlay never covers an interaction that shows its own progress (an upload, a reorder),
// and still covers a page load (SPEC §1). The real dataProvider and httpClient run; only the network is faked.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, memoryStore, ResourceContextProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageInput } from '../components/ImageInput';
import { FakeXhr, fakeFile, installFakeXhr, testI18n } from '../components/imageInputTesting';
import { dataProvider } from '../dataProvider';
import { inFlight } from '../inFlight';
import { LoadingOverlay, OVERLAY_DELAY_MS } from './LoadingOverlay';

const overlay = () => document.querySelector('.loading-overlay');
const longerThanTheDelay = () => act(() => new Promise((resolve) => setTimeout(resolve, OVERLAY_DELAY_MS + 150)));

let answers: (() => void)[] = [];

beforeEach(() => {
  installFakeXhr();
  answers = [];
  // Every fetch is held until the test answers it.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => answers.push(() => resolve(new Response(JSON.stringify({ ids: [] }), { status: 200 }))))),
  );
});

afterEach(() => {
  answers.forEach((answer) => answer());
  vi.unstubAllGlobals();
});

describe('the loading overlay and interactions that show their own progress', () => {
  it('stays away while an image uploads: the progress and its Cancel button stay usable', async () => {
    render(
      <AdminContext dataProvider={dataProvider} store={memoryStore()} i18nProvider={testI18n()}>
        <ResourceContextProvider value="partners">
          <Form record={{ id: 1 }}>
            <ImageInput source="logo" />
          </Form>
        </ResourceContextProvider>
        <LoadingOverlay />
      </AdminContext>,
    );
    const user = userEvent.setup({ applyAccept: false, pointerEventsCheck: 0 });
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, fakeFile('logo.png', 'image/png'));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.last.progress(30, 100));

    await longerThanTheDelay();
    expect(overlay()).toBeNull();
    expect(inFlight.getSnapshot()).toBe(0);
    expect(screen.getByRole('progressbar', { name: 'Uploading logo.png' })).toHaveAttribute('aria-valuenow', '30');

    await user.click(screen.getByRole('button', { name: /^Cancel/ }));
    expect(FakeXhr.last.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });

  it('stays away while a new order is saved', async () => {
    render(<LoadingOverlay />);
    const saving = dataProvider.reorder('features', [2, 1]);
    await waitFor(() => expect(answers).toHaveLength(1));
    await longerThanTheDelay();
    expect(overlay()).toBeNull();
    act(() => answers[0]?.());
    await saving;
  });

  it('still covers a page load (SPEC §1)', async () => {
    render(<LoadingOverlay />);
    const loading = dataProvider.getOne('features', { id: 1 }).catch(() => undefined);
    await waitFor(() => expect(answers).toHaveLength(1));
    await longerThanTheDelay();
    expect(overlay()).not.toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    act(() => answers[0]?.());
    await loading;
    await waitFor(() => expect(overlay()).toBeNull());
  });
});
