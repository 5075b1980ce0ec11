// The console behind sign-in (react-admin, MUI, the shell: vite.config.ts makes it one chunk), loaded on demand. One
// import for the routed console's lazy screen (src/ConsoleRouter.tsx) and for src/App.tsx, which starts the load
// early, beside the router's chunk rather than after it.
export const loadAdminApp = () => import('./AdminApp');
