// What the person is told when a part of the console's script could not be downloaded (src/chunkFailure.ts). Plain
// React and the page's stylesheet, as the loading overlay: it may show on the sign-in page, before MUI has come.
import { useSyncExternalStore } from 'react';
import { chunkFailure } from '../chunkFailure';

export const CHUNK_FAILURE_MESSAGE =
  'Part of the console could not be downloaded: the connection dropped while it loaded. Once you are back online, reload the page to go on.';

export function ChunkFailureNotice() {
  const failed = useSyncExternalStore(chunkFailure.subscribe, chunkFailure.getSnapshot, chunkFailure.getSnapshot);
  return (
    // Mounted while empty: a screen reader hears text added to a region it knows (LoadingOverlay.tsx says why).
    <div className="chunk-failure__region" aria-live="assertive">
      {failed && (
        <div className="chunk-failure">
          <p className="chunk-failure__text">{CHUNK_FAILURE_MESSAGE}</p>
          <button type="button" className="chunk-failure__reload" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      )}
    </div>
  );
}
