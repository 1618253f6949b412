/**
 * Algolia's `facetFilters`: a list whose entries must all hold (AND); an entry that is
 * itself a list holds when any of its filters does (OR). A filter is `attribute:value`,
 * or `attribute:-value` for "not". A string instead of a list is one filter.
 */
export type FacetFilters = string | (string | string[])[];

/** Whether a record passes the filters; attributes it lacks never match. */
export function matchesFacetFilters(record: Record<string, unknown>, filters: FacetFilters | undefined): boolean {
  if (filters === undefined) return true;
  const list = typeof filters === 'string' ? [filters] : filters;
  return list.every((entry) => (Array.isArray(entry) ? entry.some((f) => matchesOne(record, f)) : matchesOne(record, entry)));
}

function matchesOne(record: Record<string, unknown>, filter: string): boolean {
  const colon = filter.indexOf(':');
  if (colon === -1) return false;
  const attribute = filter.slice(0, colon);
  let value = filter.slice(colon + 1);
  const negated = value.startsWith('-');
  if (negated) value = value.slice(1);
  // Algolia lets "\-" stand for a value that really starts with a dash.
  if (value.startsWith('\\-')) value = value.slice(1);
  const actual = record[attribute];
  const hit = Array.isArray(actual) ? actual.map(String).includes(value) : actual !== undefined && actual !== null && String(actual) === value;
  return negated ? !hit : hit;
}
