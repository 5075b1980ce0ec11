import { renderToStaticMarkup } from 'react-dom/server';
import { LoginPage } from './LoginPage';
import { PRERENDERED_ATTRIBUTE } from './prerenderedForm';

/**
 * Issue #10: the sign-in page as HTML, written into index.html at build time (vite.config.ts, prerenderSignInPage),
 * marked as the build's page: the page React draws over it takes over what was typed into it (prerenderedForm.ts).
 */
export function renderSignInPage(): string {
  const markup = renderToStaticMarkup(<LoginPage onSignedIn={() => undefined} />);
  const start = '<main class="login"';
  if (!markup.startsWith(start)) throw new Error(`the sign-in page does not start with its ${start}> (src/login/prerender.tsx)`);
  return markup.replace(start, `${start} ${PRERENDERED_ATTRIBUTE}=""`);
}
