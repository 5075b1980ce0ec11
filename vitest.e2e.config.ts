import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Browser tests against the real server (tests/e2e/harness.ts). Each file starts its own server and Chromium,
// so files may run side by side; a small cap keeps a CI machine from thrashing.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    // Each worker runs a server and a Chromium: on 2 CPUs three of them took 982 s (every-area.test.ts alone 683 s,
    // the last to finish), two 897 s with every test faster (the sum of the tests' times 2,619 s → 1,543 s); 2026-12-07.
    maxWorkers: Math.min(3, Math.max(2, availableParallelism())),
    // A round trip of every-area.test.ts (create, reload, edit, reload, axe in two themes) took 40–57 s in CI on
    // 2 CPUs with three files side by side (2026-11-25): too close to 60 s, and four of them crossed it.
    testTimeout: 120_000,
    hookTimeout: 90_000,
    teardownTimeout: 20_000,
    // Screenshots and server output are useful when something fails; keep the console readable otherwise.
    reporters: process.env.CI ? ['verbose'] : ['default'],
  },
});
