// Counts HTTP requests in flight (SPEC §4: the loading indicator shows while any request runs).
// httpClient.ts calls begin/end; the loading overlay subscribes with useSyncExternalStore.
type Listener = () => void;

let count = 0;
const listeners = new Set<Listener>();

const emit = () => listeners.forEach((listener) => listener());

export const inFlight = {
  begin(): void {
    count += 1;
    emit();
  },
  end(): void {
    count = Math.max(0, count - 1);
    emit();
  },
  getSnapshot(): number {
    return count;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
