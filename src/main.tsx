import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyStoredColorScheme } from './colorScheme';
import './index.css';
import { PRERENDERED_ATTRIBUTE } from './login/prerenderedForm';

applyStoredColorScheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
const start = () => root.render(<App />);
// Issue #10: a visitor who is not signed in already has the sign-in page, drawn at build time (vite.config.ts). When
// the script runs before the browser has shown it (a fast link, a cached script), React draws over it after that
// frame, not before: the page shows at once, not after React's first render. Lighthouse's slow phone, on a loaded
// machine: LCP 1.19-1.33 s drawing at once, 0.87-1.09 s after the frame.
if (container.querySelector(`[${PRERENDERED_ATTRIBUTE}]`) && !('signedIn' in document.documentElement.dataset)) {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  requestAnimationFrame(() => setTimeout(startOnce));
  // A page opened in a background tab draws no frame until it is shown.
  setTimeout(startOnce, 200);
} else {
  start();
}
