import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hero } from '../../../schema/areas/hero';
import { fieldMax } from '../../../schema/define';
import { AreaWrapper, fakeApi } from '../../components/sortableListTesting';
import { HeroEdit } from './HeroEdit';
import { views } from '.';

const heroRecord = () => ({
  id: 1,
  headline: 'Building landmarks',
  subheadline: 'Since 1998.',
  background_image: { src: '/api/uploads/h1/site.jpg', title: 'site.jpg', mime: 'image/jpeg', size: 300_000 },
  cta_text: 'View our projects',
  cta_link: '/projects',
});

function renderHero() {
  render(
    <AreaWrapper resource="hero" labels={views.labels} path="/">
      <HeroEdit />
    </AreaWrapper>,
  );
}

// The form mounts again once the record has arrived: wait for its values before typing.
const loaded = () => waitFor(() => expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveValue('Building landmarks'));

afterEach(() => vi.unstubAllGlobals());

describe('Hero Section', () => {
  it("shows the declaration's messages under the right fields", async () => {
    const api = fakeApi({ hero: [heroRecord()] });
    const user = userEvent.setup();
    renderHero();
    await loaded();
    await user.clear(screen.getByRole('textbox', { name: 'Headline' }));
    const link = screen.getByRole('textbox', { name: 'Button link' });
    await user.clear(link);
    await user.type(link, 'www.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveAccessibleDescription('Headline is required'));
    expect(screen.getByRole('textbox', { name: 'Button link' })).toHaveAccessibleDescription(
      'Button link must be a web address (https://…) or a path starting with /',
    );
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('warns when the background image is smaller than the 1920 × 1080 px it asks for, once the browser has decoded it', async () => {
    fakeApi({ hero: [heroRecord()] });
    renderHero();
    await loaded();
    // What the browser reports of an image it decoded (jsdom decodes none).
    const decode = (width: number, height: number) =>
      screen.getAllByRole('img', { name: 'site.jpg' }).forEach((image) => {
        Object.defineProperty(image, 'naturalWidth', { value: width, configurable: true });
        Object.defineProperty(image, 'naturalHeight', { value: height, configurable: true });
        fireEvent.load(image);
      });
    expect(screen.queryByText(/smaller than/)).not.toBeInTheDocument();
    decode(1280, 720);
    expect(
      await screen.findByText('This image is 1280 × 720 px, smaller than the 1920 × 1080 px recommended: it may look blurred on large screens.'),
    ).toHaveAttribute('role', 'status');
    decode(2400, 1350);
    await waitFor(() => expect(screen.queryByText(/smaller than/)).not.toBeInTheDocument());
    decode(1920, 1000);
    expect(await screen.findByText(/This image is 1920 × 1000 px, smaller than/)).toBeInTheDocument();
  });

  it('says how long each text may be, as the declaration limits it', async () => {
    fakeApi({ hero: [heroRecord()] });
    renderHero();
    await loaded();
    expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveAccessibleDescription(
      `One strong line, up to ${fieldMax(hero, 'headline')} characters.`,
    );
    expect(screen.getByRole('textbox', { name: 'Sub-headline' })).toHaveAccessibleDescription(
      `A sentence under the headline, up to ${fieldMax(hero, 'subheadline')} characters.`,
    );
  });

  it('saves in place at id 1 and previews the hero while typing', async () => {
    const api = fakeApi({ hero: [heroRecord()] });
    const user = userEvent.setup();
    renderHero();
    await loaded();
    const preview = screen.getByRole('complementary', { name: 'Preview' });
    expect(within(preview).getByText('View our projects')).toBeInTheDocument();
    const headline = screen.getByRole('textbox', { name: 'Headline' });
    await user.clear(headline);
    await user.type(headline, 'Homes that last');
    expect(within(preview).getByText('Homes that last')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'site.jpg' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/hero/1');
    expect(put?.body).toMatchObject({ headline: 'Homes that last', cta_link: '/projects' });
  });
});
