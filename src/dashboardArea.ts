import { SINGLETON_ID } from '../schema/api';
import { apiUrl } from './httpClient';

// The Hero Section is the dashboard's own page (SPEC §2: Hero Section → /dashboard). Its own module: the sign-in
// page's script reads it (src/App.tsx) without the declarations of every area.
export const DASHBOARD_AREA = 'hero';
export const DASHBOARD_URL = '/dashboard';

// Where its one record is read: early, as a signed-in start opens /dashboard (src/App.tsx), and by the console, whose
// first render draws it (src/consoleCaches.ts). One address, so that the console's request takes the early read.
export const DASHBOARD_RECORD_URL = apiUrl(`${DASHBOARD_AREA}/${SINGLETON_ID}`);
