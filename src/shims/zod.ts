// What the console's build gets for `import … from 'zod'` (vite.config.ts): zod itself, told first never to compile
// code. Left to itself, zod probes whether it may (`new Function`) on its first parse of an object; the
// Content-Security-Policy forbids it (server/app.ts), so the probe failed and every console session reported a CSP
// violation in the browser's console. As every module using zod imports this one, the setting comes before any parse.
// The server (and the tests) import zod directly and keep its compiled parsers.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { z as default } from 'zod/v4';
