import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/**
 * Docusaurus sites show code from files with webpack's raw-loader (its docs: "Importing code
 * snippets"): `import Source from '!!raw-loader!./example.js'` and `<CodeBlock>{Source}</CodeBlock>`,
 * or `require('!!raw-loader!./x').default`. The import was refused, and the code block was empty.
 */
describe('files imported through raw-loader', () => {
  const page = [
    "import CodeBlock from '@theme/CodeBlock';",
    "import Example from '!!raw-loader!./example.js';",
    "import * as Notes from 'raw-loader!@site/snippets/notes.txt';",
    '',
    '# Snippets',
    '',
    '<CodeBlock language="js" title="example.js">{Example}</CodeBlock>',
    '',
    '<CodeBlock>{Notes.default}</CodeBlock>',
    '',
    "<CodeBlock language=\"sh\">{require('!!raw-loader!../snippets/run.sh').default}</CodeBlock>",
    '',
  ].join('\n');
  const dir = writeTempSite({
    'docs/guide.mdx': page,
    'docs/example.js': 'export const answer = 42;\n',
    'snippets/notes.txt': 'Plain notes, <b>not markup</b>.\n',
    'snippets/run.sh': 'echo "run"\n',
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const out = path.join(dir, 'out');
  // Each block's code, as drawn: highlighted at build time as a fenced block would be (cli/render/stringCodeBlocks.ts).
  const blocksOf = () => parse(fs.readFileSync(path.join(out, 'guide/index.html'), 'utf8'), { blockTextElements: {} }).querySelectorAll('#__content .code-block__body code');
  const codeOf = () => blocksOf().map((code) => code.textContent.trim());

  it('gives each name the file\'s text, shown in its code block, in all three forms', () => {
    const result = runCli(['build', dir, '--out-dir', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('raw-loader');
    expect(codeOf()).toEqual(['export const answer = 42;', 'Plain notes, <b>not markup</b>.', 'echo "run"']);
    // The JavaScript file's text is highlighted as JavaScript; the notes (no language) are plain.
    expect(blocksOf().map((code) => code.querySelectorAll('.token').length > 0)).toEqual([true, false, true]);
  });

  it('renders again only the page that imports a file, once the file changes', () => {
    fs.writeFileSync(path.join(dir, 'docs/example.js'), 'export const answer = 43;\n');
    const result = runCli(['build', dir, '--out-dir', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/Rebuilt 1 of \d+ pages/);
    expect(codeOf()[0]).toBe('export const answer = 43;');
  });

  it('warns at the import of a file that is missing or outside the site, and the name stands for nothing', () => {
    fs.writeFileSync(path.join(dir, 'docs/broken.mdx'), "import Gone from '!!raw-loader!./gone.js';\nimport Far from '!!raw-loader!../../outside.txt';\nimport Bare from '!!raw-loader!lodash';\n\n# Broken\n\n{Gone}{Far}\n");
    const result = runCli(['check', dir]);
    expect(result.code).toBe(0);
    const warnings = result.stderr.split('\n').filter((line) => line.startsWith('docs/broken.mdx'));
    expect(warnings).toEqual([
      'docs/broken.mdx:1:1: The file "docs/gone.js" imported through raw-loader does not exist: its name stands for nothing.',
      'docs/broken.mdx:2:1: The file "../outside.txt" imported through raw-loader lies outside the site folder and is not read.',
      expect.stringMatching(/^docs\/broken\.mdx:3:1: Cannot import "!!raw-loader!lodash"/),
    ]);
  });
});
