// SPEC §1/§4: a full-screen overlay reading 'Loading...' while any HTTP request is in flight.
// Plain React and a plain stylesheet: it renders on the sign-in page, whose JavaScript budget is tiny.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { inFlight } from '../inFlight';
import './LoadingOverlay.css';

// Our choice, not the spec's: requests shorter than this never flash the overlay on and off.
export const OVERLAY_DELAY_MS = 200;

export function LoadingOverlay() {
  const busy = useSyncExternalStore(inFlight.subscribe, inFlight.getSnapshot, inFlight.getSnapshot) > 0;
  const [delayElapsed, setDelayElapsed] = useState(false);

  // Reset during render (not in an effect) so the overlay hides in the same render the count reaches 0.
  if (!busy && delayElapsed) setDelayElapsed(false);

  useEffect(() => {
    if (!busy) return;
    // Restarts whenever requests start again after an idle moment: the delay counts continuous busyness.
    const timer = setTimeout(() => setDelayElapsed(true), OVERLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  const shown = busy && delayElapsed;

  return (
    <>
      {shown && (
        // The backdrop covers the page and takes its clicks until the requests finish.
        <div className="loading-overlay" aria-busy="true">
          <div className="loading-overlay__loader" aria-hidden="true" />
        </div>
      )}
      {/* The live region stays mounted while idle: screen readers announce text added to an existing region
          reliably, but often miss a region that appears together with its text. */}
      <div className="loading-overlay__status" role="status" aria-live="polite">
        {shown && <span className="loading-overlay__text">Loading...</span>}
      </div>
    </>
  );
}
