import path from 'node:path';
import { lint, type Issue } from 'cspell';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.ts';

/**
 * Spell checks every content page and data file with cspell, configured by cspell.json at
 * the repository root (American English, the dictionaries that ship with cspell, and the
 * project's own words). Runs offline: the dictionaries are npm dependencies of cspell.
 *
 * A new legitimate term (a network, token, product or UI name) goes into `words` in
 * cspell.json, kept sorted; a misspelling is fixed in the content, never added there.
 */
describe('the content spelling', () => {
  it('has no unknown or misspelled words in content/**/*.md and content/**/*.yml', async () => {
    const issues: string[] = [];
    const errors: string[] = [];
    const result = await lint(
      ['content/**/*.md', 'content/**/*.yml'],
      {
        root: ROOT,
        config: path.join(ROOT, 'cspell.json'),
        progress: false,
        summary: false,
        mustFindFiles: true,
        // Keep results independent of any earlier run.
        cache: false,
      },
      {
        issue: (issue: Issue) => {
          const file = issue.uri ? path.relative(ROOT, new URL(issue.uri).pathname) : '?';
          const hint = issue.suggestions?.length ? ` (suggestions: ${issue.suggestions.slice(0, 4).join(', ')})` : '';
          issues.push(`${file}:${issue.row}:${issue.col} ${issue.isFlagged ? 'forbidden' : 'unknown'} word "${issue.text}"${hint}`);
        },
        error: (message: string, error: Error) => {
          errors.push(`${message}: ${error.message}`);
        },
      },
    );

    expect(errors, 'cspell could not check every file').toEqual([]);
    // Guard against a configuration that silently checks nothing.
    expect(result.files).toBeGreaterThan(100);
    expect(
      issues,
      'Fix the misspelling in the content, or add a legitimate term to "words" in cspell.json',
    ).toEqual([]);
    expect(result.issues).toBe(0);
  });
});
