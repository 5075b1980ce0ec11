// The Hero Section is the dashboard's own page (SPEC §2: Hero Section → /dashboard). Its own module: the sign-in
// page's script reads it (src/App.tsx) without the declarations of every area.
export const DASHBOARD_AREA = 'hero';
