// react-admin's pages for what the console seldom shows (an unknown address, a refused one, a failed check, its own
// loading page), in a chunk of their own: src/AdminApp.tsx loads them when one is shown (issue #10).
export { AccessDenied, AuthenticationError, LoadingPage, NotFound } from 'react-admin';
