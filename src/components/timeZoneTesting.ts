// Tests that read dates in another time zone: Node reads process.env.TZ again whenever it changes.

/** Runs `run` with the process in time zone `zone`, and puts the zone back after, whatever happens. */
export async function inTimeZone(zone: string, run: () => void | Promise<void>): Promise<void> {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    await run();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}
