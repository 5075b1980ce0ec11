// react-admin's pages for what the console seldom shows (a refused address, a failed check, its own loading page), and
// the console's own for an unknown address, in a chunk of their own: src/AdminApp.tsx loads them when one is shown
// (issue #10).
export { AccessDenied, AuthenticationError, LoadingPage } from 'react-admin';
export { NotFound } from './NotFound';
