/**
 * A value built the first time it is asked for, then kept. Issue #10: nothing in schema/ builds a zod schema as its
 * module loads (`export const x = once(() => z.object(…))`, read as `x()`), so that the console's first screen can
 * declare every area before zod has loaded (src/shims/zod-late.ts).
 */
export function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
