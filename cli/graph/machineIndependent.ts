/**
 * What the graph computes must not depend on the machine that builds it: the same
 * sources give the same site in any time zone and locale (two clones, a laptop and CI).
 */

const collator = new Intl.Collator('en');

/**
 * Orders labels (tags, names) the way a reader expects, case and accents aside, with
 * one fixed collation: `localeCompare` without a locale follows LANG/LC_ALL, so a
 * Turkish or a C locale sorted tags differently. Ties fall back to code units.
 */
export function compareText(a: string, b: string): number {
  return collator.compare(a, b) || compareCodeUnits(a, b);
}

/** Orders ISO dates, paths and ids by their code units: the same everywhere, no collation. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** An ISO date or date-time without a zone: `2024-03-02`, `2024-03-02 10:30`, `2024-03-02T10:30:00.5`. */
const ZONELESS_ISO = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?$/;

/**
 * A front matter date. YAML reads unquoted timestamps as UTC; a quoted one ("2024-03-02
 * 10:30") or any other date string without a zone would be read in the machine's time
 * zone by `new Date`, moving posts across days (and their order, their URLs' dates)
 * between machines: it is read as UTC too. A string with a zone keeps it.
 */
export function parseDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  const text = value.trim();
  const iso = ZONELESS_ISO.exec(text);
  if (iso) return new Date(`${iso[1]}T${iso[2] ?? '00:00:00'}Z`);
  const date = new Date(text);
  if (Number.isNaN(date.getTime()) || /(?:Z|GMT|UTC|[+-]\d{2}:?\d{2})\s*(?:\(.*\))?$/i.test(text)) return date;
  // Read in local time with no zone given: the same wall-clock time, in UTC.
  return new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes(), date.getSeconds(), date.getMilliseconds()));
}
