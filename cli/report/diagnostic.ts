/** One problem found in the author's input, in compiler style. */
export interface Diagnostic {
  /** Permanent code from the catalog, e.g. `broken-link`. */
  code: string;
  severity: 'error' | 'warning';
  /** What happened, written for the author. */
  message: string;
  /** Path relative to the site folder (or the config file). */
  file?: string;
  line?: number;
  column?: number;
  /** What to do about it. */
  hint?: string;
  /**
   * For a problem with a config value found after the config was read (a navbar item's
   * doc id, a footer link): its key path, e.g. `navbar.items.3.docId`, so the line in
   * the config file can be filled in where its text is at hand.
   */
  configKey?: string;
  /** A link to a .md or .mdx file that is no page: `onBrokenMarkdownLinks` applies as well as `onBrokenLinks` (pipeline/report.ts). */
  markdownLink?: true;
}

/** Control characters (C0 but tab and line feed, DEL, C1): a terminal runs ESC sequences, and a CR rewrites the line. */
const CONTROL_RE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text from the site (a file name, a value quoted in a message) as a terminal shows it:
 * each control character written as its `\uXXXX` escape. A file named with an ESC
 * sequence would otherwise recolour, clear or retitle the author's terminal, or a CI log.
 */
export function printable(text: string): string {
  return text.replace(CONTROL_RE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `file:line:col: message` plus the hint on the next line, as editors and CI parse it. */
export function formatDiagnostic(d: Diagnostic): string {
  // A line break in a file name would split the line editors and CI read.
  const where = d.file ? `${printable(d.file).replace(/\n/g, '\\n')}${d.line ? `:${d.line}:${d.column ?? 1}` : ''}: ` : '';
  return `${where}${printable(d.message)}${d.hint ? `\n  ${printable(d.hint)}` : ''}`;
}

/**
 * GitHub Actions workflow command, so the problem shows on the pull request's diff. Its
 * escapes, as the runner reads them: `%`, CR and LF in the text, and `:` and `,` too in a
 * property (a file name holding ",line=1" or "::" would otherwise rewrite the command).
 */
export function formatGithubAnnotation(d: Diagnostic): string {
  const kind = d.severity === 'error' ? 'error' : 'warning';
  const data = (text: string) => printable(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (text: string) => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const props = d.file ? ` file=${property(d.file)},line=${d.line ?? 1},col=${d.column ?? 1}` : '';
  return `::${kind}${props}::${data(`${d.message}${d.hint ? ` ${d.hint}` : ''}`)}`;
}

/** Sorted by file, then position, so output is stable and grouped per file. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) ||
      a.message.localeCompare(b.message),
  );
}

/**
 * Under `markdown.strict` (`--strict`), what content cannot do fails the build: each
 * warning about content's MDX (codes `mdx-*`: an unknown component, an import that cannot
 * be resolved or bundled, code not evaluated) becomes an error. Other warnings stay.
 */
export function withContentStrictness(list: Diagnostic[], strict: boolean): Diagnostic[] {
  if (!strict) return list;
  return list.map((d) => (d.severity === 'warning' && d.code.startsWith('mdx-') ? { ...d, severity: 'error' } : d));
}
