// <input type="datetime-local"> speaks local time; the API compares instants, so date-time inputs keep UTC ISO
// strings (parse={toInstant}).
export const toInstant = (value: string | null | undefined) => {
  if (!value) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toISOString();
};
