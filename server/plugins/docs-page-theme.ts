// What /api/docs (Swagger UI, plugins/openapi.ts) adds to its page so that axe (WCAG 2.2 AA) finds nothing on it, as on
// every screen of the console. Swagger UI's own colours put white text on its light method colours (GET: 2.31:1) and
// its version stamps, and light greys and blues on light grounds; each is darkened here in the same hue, to 5.2:1 or
// more. Its servers menu and the Authorize dialog's close button have no name, and its code samples scroll without
// taking the focus: the script names the first two and makes the samples focusable, as Swagger UI draws them (it draws
// an operation's only when it is opened).

const METHOD_COLOURS: Record<string, string> = {
  get: '#1565c0',
  post: '#137547',
  put: '#8a4500',
  patch: '#0e7490',
  delete: '#b3261e',
  head: '#6b21a8',
  options: '#50525a',
};

export const DOCS_PAGE_CSS = [
  ...Object.entries(METHOD_COLOURS).map(
    ([method, colour]) =>
      `.swagger-ui .opblock.opblock-${method} .opblock-summary-method, .swagger-ui .opblock.opblock-${method} .tab-header .tab-item.active h4 span:after { background: ${colour}; }`,
  ),
  '.swagger-ui .info .title small pre.version, .swagger-ui .info .title small { background: #5b616d; }',
  '.swagger-ui .info .title small.version-stamp, .swagger-ui .info .title small.version-stamp pre.version { background: #4a6b00; }',
  '.swagger-ui .info a.link .url, .swagger-ui .info a { color: #1f5fa8; }',
  '.swagger-ui .btn.authorize { color: #137547; border-color: #137547; }',
  '.swagger-ui .btn.authorize svg { fill: #137547; }',
  // An opened operation: where a parameter goes ("query"), a sample's numbers and punctuation (an inline colour of the
  // agate theme of its highlighter, which plugins/openapi.ts names), and a schema's "Expand all".
  '.swagger-ui .parameter__in { color: #595959; }',
  '.swagger-ui .highlight-code span[style*="rgb(211, 99, 99)"] { color: #f28b82 !important; }',
  '.swagger-ui .json-schema-2020-12-expand-deep-button { color: #595959; }',
  // Try it out: its Cancel, Execute and the answer's Download.
  '.swagger-ui .btn.cancel, .swagger-ui .try-out__btn.cancel { color: #b3261e; border-color: #b3261e; }',
  '.swagger-ui .btn.execute { background-color: #1565c0; border-color: #1565c0; }',
  '.swagger-ui .download-contents { background: #5b616d; }',
].join('\n');

export const DOCS_PAGE_JS = `(() => {
  const fix = () => {
    const servers = document.getElementById('servers');
    if (servers && !servers.hasAttribute('aria-label')) servers.setAttribute('aria-label', 'Server');
    for (const block of document.querySelectorAll('.swagger-ui pre.microlight:not([tabindex])')) block.setAttribute('tabindex', '0');
    for (const close of document.querySelectorAll('.swagger-ui .close-modal:not([aria-label])')) close.setAttribute('aria-label', 'Close');
  };
  new MutationObserver(fix).observe(document.documentElement, { childList: true, subtree: true });
  fix();
})();
`;
