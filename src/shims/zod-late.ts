// Issue #10: what the console's production build gets for `import { z } from 'zod'` (vite.config.ts). zod (22 KB
// compressed, and about 55 ms of a slow phone's main thread to evaluate) is not in the first screen: the console's
// chunk declares every area (schema/areas/), but builds a schema only when a screen validates or reads one. The
// first screen's labels and limits come from src/areaFacts.ts, worked out at build time. zod itself is a chunk of its
// own, loaded by loadZod(): before any other screen (src/resources/lazyViews.ts), before a validation
// (src/components/zodValidate.ts) and once the first screen has settled (src/resources/index.ts).
//
// `z` is a live binding: the modules that import it see zod itself once it has loaded. Used before, it throws, naming
// this file, instead of a "cannot read properties of undefined" deep in a declaration.
import type { z as Zod } from 'zod';

const early: typeof Zod = new Proxy({} as typeof Zod, {
  get(_target, key) {
    throw new Error(`zod used before it loaded (z.${String(key)}): await loadZod() first (src/shims/zod-late.ts)`);
  },
});

export let z: typeof Zod = early;

// Set by the production build (vite.config.ts), which alone gives this module for 'zod'. In development and in tests
// every module imports zod itself, so it is there from the start.
declare const __CORNERSTONE_LATE_ZOD__: boolean | undefined;
const late = typeof __CORNERSTONE_LATE_ZOD__ !== 'undefined' && __CORNERSTONE_LATE_ZOD__;

let loading: Promise<void> | undefined;
let loaded = !late;

/** Loads zod (once; a failed fetch is tried again on the next call). Resolves when `z` is zod itself. */
export function loadZod(): Promise<void> {
  loading ??= import('./zod').then(
    (module) => {
      z = module.z;
      loaded = true;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether zod has loaded: `z` can be used synchronously. */
export const zodLoaded = (): boolean => loaded;
