// Issue #8: every area's round trip in the browser (tests/e2e/every-area.ts), part 1 of 3: files run side by side.
import { everyAreaRoundTrips } from './every-area';

everyAreaRoundTrips(0, 3);
