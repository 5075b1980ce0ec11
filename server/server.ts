// The process entry point (npm start, npm run dev): everything it does is in start.ts.
import { startServer } from './start';

await startServer();
