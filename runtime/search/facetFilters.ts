/**
 * Algolia's `facetFilters`: a list whose entries must all hold (AND); an entry that is
 * itself a list holds when any of its filters does (OR). A filter is `attribute:value`,
 * or `attribute:-value` for "not". A string instead of a list is one filter.
 */
export type FacetFilters = string | (string | string[])[];

type RecordTest = (record: Record<string, unknown>) => boolean;

/** The filters as one test, read once per request; attributes a record lacks never match. */
export function compileFacetFilters(filters: FacetFilters | undefined): RecordTest {
  if (filters === undefined) return () => true;
  const all = listOf(filters).map((entry) => {
    if (!Array.isArray(entry)) return compileOne(entry);
    const any = entry.map(compileOne);
    return (record: Record<string, unknown>) => any.some((test) => test(record));
  });
  return (record) => all.every((test) => test(record));
}

/** Whether a record passes the filters. */
export function matchesFacetFilters(record: Record<string, unknown>, filters: FacetFilters | undefined): boolean {
  return compileFacetFilters(filters)(record);
}

/** The attributes the filters read. */
export function facetAttributes(filters: FacetFilters | undefined): Set<string> {
  return new Set(listOf(filters ?? []).flat().map((filter) => filter.slice(0, Math.max(0, filter.indexOf(':')))));
}

const listOf = (filters: FacetFilters) => (typeof filters === 'string' ? [filters] : filters);

function compileOne(filter: string): RecordTest {
  const colon = filter.indexOf(':');
  if (colon === -1) return () => false;
  const attribute = filter.slice(0, colon);
  let value = filter.slice(colon + 1);
  const negated = value.startsWith('-');
  if (negated) value = value.slice(1);
  // Algolia lets "\-" stand for a value that really starts with a dash.
  if (value.startsWith('\\-')) value = value.slice(1);
  return (record) => {
    const actual = record[attribute];
    const hit = Array.isArray(actual) ? actual.map(String).includes(value) : actual !== undefined && actual !== null && String(actual) === value;
    return negated ? !hit : hit;
  };
}
