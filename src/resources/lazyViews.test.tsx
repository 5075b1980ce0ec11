import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inFlight } from '../inFlight';
import { lazyView, PREFETCH_MARK, prefetchScreens, prefetchWhenIdle, SETTLED_AFTER_MS } from './lazyViews';
import type { View } from './types';

// A module load the test settles by hand.
function deferredView(text: string) {
  let resolve: (view: View) => void = () => undefined;
  const load = vi.fn(() => new Promise<View>((done) => (resolve = done)));
  const Screen: View = () => <p>{text}</p>;
  return { load, arrive: () => act(async () => resolve(Screen)) };
}

// The build defines __CORNERSTONE_LATE_ZOD__; fresh copies of the modules read it as the page's would.
async function inProductionBuild(
  run: (late: typeof import('../shims/zod-late'), page: typeof import('./lazyViews')) => Promise<void>,
): Promise<void> {
  vi.resetModules();
  vi.stubGlobal('__CORNERSTONE_LATE_ZOD__', true);
  try {
    await run(await import('../shims/zod-late'), await import('./lazyViews'));
  } finally {
    vi.unstubAllGlobals();
  }
}

afterEach(() => {
  vi.useRealTimers();
  while (inFlight.getSnapshot() > 0) inFlight.end();
});

describe('lazyView (issue #10)', () => {
  it('shows the screen once its module has arrived, loading it once', async () => {
    const { load, arrive } = deferredView('Blog posts');
    const Lazy = lazyView(load, 'blogs.list');
    await act(async () => {
      render(
        <Suspense fallback={<p>waiting</p>}>
          <Lazy />
        </Suspense>,
      );
    });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await arrive();
    expect(await screen.findByText('Blog posts')).toBeInTheDocument();
    expect(Lazy.loaded()).toBe(true);
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('counts a screen waited for as a request in flight (SPEC §4: the loading overlay), a prefetch not', async () => {
    const shown = deferredView('shown');
    const ShownLazy = lazyView(shown.load, 'a.list');
    await act(async () => {
      render(
        <Suspense fallback={null}>
          <ShownLazy />
        </Suspense>,
      );
    });
    expect(inFlight.getSnapshot()).toBe(1);
    await shown.arrive();
    expect(inFlight.getSnapshot()).toBe(0);

    const ahead = deferredView('ahead');
    const AheadLazy = lazyView(ahead.load, 'b.list');
    prefetchScreens([AheadLazy]);
    expect(ahead.load).toHaveBeenCalledTimes(1);
    expect(inFlight.getSnapshot()).toBe(0);
    await ahead.arrive();
    expect(AheadLazy.loaded()).toBe(true);
  });

  it('tries a failed load again the next time the screen is asked for', async () => {
    const load = vi.fn<() => Promise<View>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValueOnce(() => <p>back online</p>);
    const Lazy = lazyView(load, 'c.list');
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await expect(Lazy.preload()).resolves.toBeTypeOf('function');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('in the production build, asks for a screen only once zod has loaded (src/shims/zod-late.ts)', async () => {
    await inProductionBuild(async (late, page) => {
      expect(late.zodLoaded()).toBe(false);
      expect(() => late.z.string()).toThrow('zod used before it loaded (z.string): await loadZod() first');
      const load = vi.fn(async () => {
        // What a screen's module may do as it runs: build a schema.
        late.z.string().parse('built');
        return (() => <p>built</p>) as View;
      });
      const Lazy = page.lazyView(load, 'f.list');
      const arrived = Lazy.preload();
      expect(load).not.toHaveBeenCalled();
      await expect(arrived).resolves.toBeTypeOf('function');
      expect(load).toHaveBeenCalledTimes(1);
      expect(late.zodLoaded()).toBe(true);
    });
  });

  it('in the production build, asks for a screen that builds no schema at once, without waiting for zod', async () => {
    await inProductionBuild(async (late, page) => {
      const load = vi.fn(async () => (() => <p>not found</p>) as View);
      const Lazy = page.lazyView(load, 'NotFound', { zod: false });
      const arrived = Lazy.preload();
      expect(load).toHaveBeenCalledTimes(1);
      await expect(arrived).resolves.toBeTypeOf('function');
      expect(late.zodLoaded()).toBe(false);
    });
  });

  it('marks the first prefetch, the moment scripts/bench-bundle.mjs splits the first screen from what follows', async () => {
    // The mark is once per page load: a fresh copy of the module stands for a fresh page.
    vi.resetModules();
    const page = await import('./lazyViews');
    performance.clearMarks(PREFETCH_MARK);
    page.prefetchScreens([page.lazyView(() => new Promise(() => undefined), 'd.list')]);
    page.prefetchScreens([page.lazyView(() => new Promise(() => undefined), 'e.list')]);
    expect(performance.getEntriesByName(PREFETCH_MARK)).toHaveLength(1);
  });
});

describe('prefetchWhenIdle (issue #10)', () => {
  it('waits until no request has run for a while, then fetches one group per idle moment, until cancelled', async () => {
    vi.useFakeTimers();
    const groups = [vi.fn(async () => 'a'), vi.fn(async () => 'b'), vi.fn(async () => 'c')];
    inFlight.begin(); // the first screen's data
    const cancel = prefetchWhenIdle(groups);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(groups[0]).not.toHaveBeenCalled();

    inFlight.end();
    await vi.advanceTimersByTimeAsync(SETTLED_AFTER_MS - 500);
    inFlight.begin(); // a late request (an image, the unread count) starts the quiet period again
    inFlight.end();
    await vi.advanceTimersByTimeAsync(SETTLED_AFTER_MS - 500);
    expect(groups[0]).not.toHaveBeenCalled();
    // jsdom has no requestIdleCallback: the fallback waits one second.
    await vi.advanceTimersByTimeAsync(1_500);
    expect(groups[0]).toHaveBeenCalledTimes(1);
    expect(groups[1]).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(groups[1]).toHaveBeenCalledTimes(1);

    cancel();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(groups[2]).not.toHaveBeenCalled();
  });
});
