import { describe, expect, it } from 'vitest';
import { applyPolicy, printDiagnostics, SHOWN_PER_KIND } from '../../cli/pipeline/report.ts';
import type { Reporter } from '../../cli/pipeline/reporter.ts';
import type { Diagnostic } from '../../cli/report/diagnostic.ts';

type Policy = 'error' | 'warn' | 'ignore';

const problem = (code: string, severity: Diagnostic['severity'] = 'error'): Diagnostic => ({ code, severity, message: code, file: 'docs/a.md', line: 1, column: 1 });
// As the link check and the loader return them: every one an error.
const found = [problem('broken-link'), problem('missing-file'), problem('broken-anchor'), problem('front-matter-syntax'), problem('duplicate-route', 'warning')];
const shown = (diagnostics: Diagnostic[]) => diagnostics.map((d) => `${d.code} ${d.severity}`);

describe('severity policy (applyPolicy)', () => {
  // [onBrokenLinks, onBrokenAnchors, mode] → what is left of `found`.
  const cases: [Policy, Policy, 'build' | 'dev', string[]][] = [
    ['error', 'error', 'build', ['broken-link error', 'missing-file error', 'broken-anchor error']],
    ['warn', 'error', 'build', ['broken-link warning', 'missing-file warning', 'broken-anchor error']],
    ['ignore', 'error', 'build', ['broken-anchor error']],
    ['error', 'warn', 'build', ['broken-link error', 'missing-file error', 'broken-anchor warning']],
    ['error', 'ignore', 'build', ['broken-link error', 'missing-file error']],
    ['ignore', 'ignore', 'build', []],
    // In dev an author is mid-edit: what would fail a build is only a warning; "ignore" still hides it.
    ['error', 'error', 'dev', ['broken-link warning', 'missing-file warning', 'broken-anchor warning']],
    ['warn', 'warn', 'dev', ['broken-link warning', 'missing-file warning', 'broken-anchor warning']],
    ['ignore', 'error', 'dev', ['broken-anchor warning']],
    ['error', 'ignore', 'dev', ['broken-link warning', 'missing-file warning']],
  ];
  for (const [onBrokenLinks, onBrokenAnchors, mode, links] of cases) {
    it(`onBrokenLinks: ${onBrokenLinks}, onBrokenAnchors: ${onBrokenAnchors} in ${mode}`, () => {
      const result = applyPolicy(found, { onBrokenLinks, onBrokenAnchors }, mode);
      // Other problems keep their severity whatever the policy and mode.
      expect(shown(result)).toEqual([...links, 'front-matter-syntax error', 'duplicate-route warning']);
    });
  }

  it('a link to a .md file that is no page follows the stricter of onBrokenLinks and onBrokenMarkdownLinks; unset, onBrokenLinks alone', () => {
    const mdLink: Diagnostic = { ...problem('broken-link'), markdownLink: true };
    const severityOf = (onBrokenLinks: Policy, onBrokenMarkdownLinks?: Policy, mode: 'build' | 'dev' = 'build') => shown(applyPolicy([mdLink, problem('broken-link')], { onBrokenLinks, onBrokenAnchors: 'warn', onBrokenMarkdownLinks }, mode));
    expect(severityOf('warn', 'error')).toEqual(['broken-link error', 'broken-link warning']);
    expect(severityOf('error', 'ignore')).toEqual(['broken-link error', 'broken-link error']);
    expect(severityOf('ignore', 'warn')).toEqual(['broken-link warning']);
    expect(severityOf('ignore', 'ignore')).toEqual([]);
    expect(severityOf('warn')).toEqual(['broken-link warning', 'broken-link warning']);
    expect(severityOf('ignore')).toEqual([]);
    expect(severityOf('warn', 'error', 'dev')).toEqual(['broken-link warning', 'broken-link warning']);
  });

  it('a redirect to nowhere fails a build whatever onBrokenLinks says (as in Docusaurus), and is a warning in dev', () => {
    for (const onBrokenLinks of ['error', 'warn', 'ignore'] as const) {
      expect(shown(applyPolicy([problem('broken-redirect')], { onBrokenLinks, onBrokenAnchors: 'warn' }))).toEqual(['broken-redirect error']);
      expect(shown(applyPolicy([problem('broken-redirect')], { onBrokenLinks, onBrokenAnchors: 'warn' }, 'dev'))).toEqual(['broken-redirect warning']);
    }
  });

  it('leaves its input as it was', () => {
    const input = [problem('broken-link')];
    applyPolicy(input, { onBrokenLinks: 'warn', onBrokenAnchors: 'warn' });
    expect(input[0]!.severity).toBe('error');
  });
});

describe('printing many problems of one kind', () => {
  const at = (file: string, code: string, line: number): Diagnostic => ({ code, severity: 'error', message: `${code} here`, file, line, column: 1 });
  const many = [
    ...Array.from({ length: 25 }, (_, i) => at('docs/a.md', 'duplicate-heading-id', 10 + i)),
    ...Array.from({ length: 3 }, (_, i) => at('docs/a.md', 'broken-link', 100 + i)),
    ...Array.from({ length: 12 }, (_, i) => at('docs/b.md', 'duplicate-heading-id', 1 + i)),
  ];
  const print = (format: 'text' | 'json' | 'github') => {
    const lines: string[] = [];
    const out: string[] = [];
    const reporter: Reporter = { step: async (_, run) => run(() => {}), info: (l) => lines.push(l), warn: (l) => lines.push(l), error: (l) => lines.push(l) };
    const errors = printDiagnostics(many, reporter, format, (s) => out.push(s));
    return { lines, out: out.join(''), errors };
  };

  it(`shows ${SHOWN_PER_KIND} of a kind in a file, then how many more, and counts them all`, () => {
    const { lines, errors } = print('text');
    expect(errors).toBe(40);
    expect(lines.filter((l) => l.includes('duplicate-heading-id here'))).toHaveLength(2 * SHOWN_PER_KIND);
    expect(lines.filter((l) => l.includes('broken-link here'))).toHaveLength(3);
    expect(lines.filter((l) => l.includes('not shown'))).toEqual([
      'docs/a.md: 15 more errors like this (duplicate-heading-id) after line 19 are not shown. Fix these and build again, or run `check --format json` to list them all.',
      'docs/b.md: 2 more errors like this (duplicate-heading-id) after line 10 are not shown. Fix these and build again, or run `check --format json` to list them all.',
    ]);
    // Each note follows the last problem shown of its kind; the summary counts every one.
    expect(lines[lines.findIndex((l) => l.includes('15 more')) - 1]).toContain('docs/a.md:19:1');
    expect(lines.at(-1)).toBe('40 errors in 2 files');
  });

  it('lists every one as JSON', () => {
    const { out } = print('json');
    expect(JSON.parse(out).diagnostics).toHaveLength(40);
  });
});
