/* global module */
// node-polyglot (react-admin's translations) requires the `object.entries` polyfill, which pulls get-intrinsic into
// the console; get-intrinsic probes for async and generator constructors with Function('...'), which the CSP
// (script-src 'self', no 'unsafe-eval') blocks and the browser reports on every page. Every browser the console
// supports has Object.entries.
module.exports = Object.entries;
