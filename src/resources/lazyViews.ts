// Issue #10: an area's screens load on demand, each in its own chunk, and are fetched ahead of need while the
// console is idle or a menu entry is pointed at, so that moving between areas stays instant.
import { createElement, use, type FunctionComponent } from 'react';
import { chunkFailure } from '../chunkFailure';
import { inFlight } from '../inFlight';
import { loadZod, zodLoaded } from '../shims/zod-late';
import type { View, ViewLoader } from './types';

// A screen whose code arrives on first use, or earlier through preload().
export type LazyView = FunctionComponent & {
  preload: () => Promise<View>;
  // Loads it as the screen on show: counted as a request in flight, so the one loading overlay covers the wait.
  require: () => Promise<View>;
  loaded: () => boolean;
};

// The mark scripts/bench-bundle.mjs reads: what loads after it is ahead-of-need, not the screen being shown.
export const PREFETCH_MARK = 'cornerstone:prefetch';

// SPEC §4: the loading indicator shows while any HTTP request runs, and a screen's chunk is one. A prefetch is not
// counted: nothing waits for it.
function counted<T>(promise: Promise<T>): Promise<T> {
  inFlight.begin();
  return promise.finally(() => inFlight.end());
}

// `zod: false` for a screen whose code builds no schema (react-admin's own pages): it does not wait for zod's chunk.
export function lazyView(load: ViewLoader, name: string, { zod = true }: { zod?: boolean } = {}): LazyView {
  let view: View | undefined;
  let loading: Promise<View> | undefined;
  let required: Promise<View> | undefined;

  const preload = (): Promise<View> => {
    // zod first: a screen's module may build a schema as it runs (src/shims/zod-late.ts). Once it is there (always, in
    // development and tests) the screen's module is asked for at once, not a turn later.
    loading ??= (!zod || zodLoaded() ? load() : loadZod().then(load)).then(
      (loaded) => (view = loaded),
      (error: unknown) => {
        // A failed fetch (offline, a new deployment) is tried again the next time the screen is asked for; a browser
        // that keeps the failure (Chromium) makes no new request, so the person is also told to reload
        // (src/chunkFailure.ts).
        loading = undefined;
        required = undefined;
        chunkFailure.report();
        throw error;
      },
    );
    return loading;
  };
  // One promise per load, so that React's use() sees the same one on every render until it settles.
  const require = (): Promise<View> => (required ??= view ? preload() : counted(preload()));

  // Once loaded, it renders in the same pass. Before, it suspends: a move between screens is a transition (React
  // Router), so the current screen stays until the next one can show, instead of a blank page or a second loader.
  const Lazy = () => createElement(view ?? use(require()));
  Lazy.displayName = name;
  return Object.assign(Lazy, { preload, require, loaded: () => view !== undefined });
}

export const isLazy = (view: unknown): view is LazyView => typeof view === 'function' && 'preload' in view;

let marked = false;
function markPrefetch() {
  if (marked) return;
  marked = true;
  performance.mark(PREFETCH_MARK);
}

// Hover or focus on a menu entry: fetch that area's screens now. Failures are left for the real visit to report.
export function prefetchScreens(screens: readonly LazyView[]): void {
  const missing = screens.filter((screen) => !screen.loaded());
  if (missing.length === 0) return;
  markPrefetch();
  for (const screen of missing) screen.preload().catch(() => undefined);
}

// A device that asks to save data gets screens only when it shows them.
const savesData = () => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

const whenIdle = (callback: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: 5_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 1_000);
  return () => clearTimeout(handle);
};

// How long no request may run before the first screen counts as settled. Our choice: its own requests and its
// paint are over by then, and a user reading the dashboard still has the other areas ready before moving on. Started
// sooner, evaluating the other areas' screens competed with the first screen for the main thread (Lighthouse mobile
// on /dashboard: blocking time 0.9 s without prefetch, 1.9-2.8 s with it starting at once, 0.8-1.2 s with 3 s).
export const SETTLED_AFTER_MS = 3_000;

const noop = () => undefined;

// Once the first screen has settled, fetch the groups one at a time, each in an idle moment of its own, so that a
// user who starts typing is never kept waiting by a prefetch. Returns the cancel function (an effect's cleanup).
export function prefetchWhenIdle(groups: readonly (() => Promise<unknown>)[]): () => void {
  if (savesData()) return noop;
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelIdle: () => void = noop;
  let unsubscribe: () => void = noop;
  let next = 0;

  const step = () => {
    if (cancelled || next >= groups.length) return;
    // A request started meanwhile (the user moved on): wait for quiet again before the next group.
    if (inFlight.getSnapshot() > 0) return settle();
    markPrefetch();
    const group = groups[next++];
    group?.()
      .catch(noop)
      .finally(() => {
        if (!cancelled) cancelIdle = whenIdle(step);
      });
  };
  // Every change in the requests in flight starts the quiet period again.
  const settle = () => {
    const restart = () => {
      clearTimeout(timer);
      if (inFlight.getSnapshot() > 0) return;
      timer = setTimeout(() => {
        unsubscribe();
        cancelIdle = whenIdle(step);
      }, SETTLED_AFTER_MS);
    };
    unsubscribe();
    unsubscribe = inFlight.subscribe(restart);
    restart();
  };

  settle();
  return () => {
    cancelled = true;
    clearTimeout(timer);
    cancelIdle();
    unsubscribe();
  };
}
