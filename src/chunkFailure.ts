// A part of the console's script that could not be downloaded: the connection dropped while it loaded (a tap on Sign In
// offline, a menu's screens fetched ahead while the phone lost signal). The browser does not fetch a module that failed
// again (Chromium keeps the failure: no request is made), so the console went blank after the next sign-in, or every
// menu entry changed the address and not the screen, without a word (an outside probe of a slow phone going offline).
// Only a reload brings the part; the person is told so (ChunkFailureNotice), and decides when: a form being edited
// asks before it goes.
type Listener = () => void;

let failed = false;
const listeners = new Set<Listener>();

export const chunkFailure = {
  report(): void {
    if (failed) return;
    failed = true;
    listeners.forEach((listener) => listener());
  },
  getSnapshot: (): boolean => failed,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Vite's preload of a chunk's own files (its CSS, the chunks it imports) failed.
if (typeof window !== 'undefined') window.addEventListener('vite:preloadError', () => chunkFailure.report());
