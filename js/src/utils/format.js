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

/** Fill "{name}" placeholders, and "{name|one:card|other:cards}" with the word for the number's
 * plural category in `language` (Intl.PluralRules: Slovak and Polish have several).
 * @param {string} template @param {Record<string, unknown>} values @param {string} [language] */
export function fill(template, values, language = "en") {
  return String(template).replace(/\{(\w+)(?:\|([^}]*))?\}/g, (all, key, forms) => {
    if (!(key in values)) return all;
    if (forms === undefined) return String(values[key]);
    // {n|one:card|other:cards}: the word for the number's plural category in the language.
    const byCategory = Object.fromEntries(forms.split("|").map((/** @type {string} */ form) => form.split(":")));
    const category = new Intl.PluralRules(language).select(Number(values[key]));
    return byCategory[category] ?? byCategory.other ?? "";
  });
}
