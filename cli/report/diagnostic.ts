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
}

/** `file:line:col: message` plus the hint on the next line, as editors and CI parse it. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.file ? `${d.file}${d.line ? `:${d.line}:${d.column ?? 1}` : ''}: ` : '';
  return `${where}${d.message}${d.hint ? `\n  ${d.hint}` : ''}`;
}

/** GitHub Actions workflow command, so the problem shows on the pull request's diff. */
export function formatGithubAnnotation(d: Diagnostic): string {
  const kind = d.severity === 'error' ? 'error' : 'warning';
  const props = d.file ? ` file=${d.file},line=${d.line ?? 1},col=${d.column ?? 1}` : '';
  const text = `${d.message}${d.hint ? ` ${d.hint}` : ''}`.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  return `::${kind}${props}::${text}`;
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
