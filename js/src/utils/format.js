// How numbers and words are written: a clock, a duration, a percentage, placeholders filled.

/** Seconds -> "m:ss" or "h:mm:ss". @param {number} seconds */
export function formatTime(seconds) {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** Seconds -> "m:ss.t" (tenths: statistics rank by time, so close times must differ).
 * @param {number | null | undefined} seconds */
export function formatDuration(seconds) {
  if (seconds === null || seconds === undefined) return "—";
  const tenths = Math.round(Math.max(0, seconds) * 10);
  return `${formatTime(Math.floor(tenths / 10))}.${tenths % 10}`;
}

/** A share (0..1) as a whole percentage. @param {number} share */
export const percent = (share) => Math.round(share * 100);

/** Fill "{name}" placeholders. @param {string} template @param {Record<string, unknown>} values */
export function fill(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
}
