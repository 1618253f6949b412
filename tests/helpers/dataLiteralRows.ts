/**
 * Rows of an MDX data literal (`<Table rows={[…]} />`) whose code an expression scanner must
 * follow past their `}`: JSX elements and their children's expressions, divisions, and
 * regular expressions holding braces. One row per line.
 */
export const DATA_LITERAL_ROWS: [kind: string, row: (i: number) => string][] = [
  ['JSX', (i) => `{ id: ${i}, label: <b>Row {${i}}</b>, note: <a href="/x">{"}"}</a> },`],
  ['divisions', (i) => `{ id: ${i}, share: ${i} / 7, half: (x + ${i}) / 2, ratio: a[${i}] / b },`],
  ['regular expressions', (i) => `{ id: ${i}, test: /^[a-z}]+$/i, other: s.replace(/\\}/g, '') },`],
];
