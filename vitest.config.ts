import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default leaves a core to its own process: one worker on a 2-CPU CI machine, where `npm test` then took
    // 480-530 s. The main process is idle once files are transformed; two workers took 359 s (2026-11-26). Against
    // PostgreSQL (TEST_DATABASE_URL) one file at a time: each file makes and drops a schema of its own in one database,
    // and Kysely's migrator looks for its tables among every schema while another file drops one.
    maxWorkers: process.env.TEST_DATABASE_URL ? 1 : Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'console',
          environment: 'jsdom',
          // react-admin trees are slow to mount in jsdom when every core is busy running other files.
          testTimeout: 20_000,
          include: ['src/**/*.test.{ts,tsx}', 'schema/**/*.test.ts', 'examples/website/js/**/*.test.js'],
          setupFiles: ['tests/setup-dom.ts'],
          // react-admin imports react-router-dom, we import react-router; both must reach one copy of its contexts
          // (under Node one would get its CommonJS build and the other its ES module build). react-router-dom 7
          // only re-exports react-router.
          alias: { 'react-router-dom': 'react-router' },
          server: { deps: { inline: [/react-admin/, /ra-core/, /ra-ui-materialui/, /react-router/] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/api/**/*.test.ts'],
          testTimeout: 20_000,
          // Each file builds its own app on its own database (tests/api/helpers.ts setupApp), so the files need no
          // process of their own: without one each, the API tests took 81 s instead of 127 s on 2 CPUs, and passed in
          // four shuffled orders (--sequence.shuffle.files, 2026-12-07). The console's files stay isolated: jsdom
          // and react-admin's module state are shared by their screens, and one shuffled order failed without it.
          isolate: false,
        },
      },
    ],
  },
});
