import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/** Docusaurus's themeConfig.prism.additionalLanguages (prism.additionalLanguages): Prism's grammars beyond the generator's. */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const config = (languages: string) =>
  `export default {\n  title: 'T',\n  url: 'https://t.example',\n  baseUrl: '/',\n  themeConfig: {\n    prism: {\n      additionalLanguages: [${languages}],\n    },\n  },\n};\n`;

const page = [
  '# Code',
  '',
  '```scss',
  '.card { .title { color: red; } }',
  '```',
  '',
  '```docker',
  'FROM node:20',
  'RUN npm ci',
  '```',
  '',
  '```powershell',
  'Get-ChildItem -Path C:\\',
  '```',
  '',
  '```flow',
  'type Point = { x: number };',
  '```',
  '',
].join('\n');

/** The token classes of each code block of the built page, by its language. */
function tokensByLanguage(dir: string): Record<string, string[]> {
  const html = fs.readFileSync(path.join(dir, 'build/docs/code/index.html'), 'utf8');
  const out: Record<string, string[]> = {};
  for (const block of html.split('<div class="theme-code-block').slice(1)) {
    const language = /language-([\w-]+)/.exec(block)![1]!;
    out[language] = [...new Set([...block.matchAll(/class="token ([\w -]+)"/g)].map((m) => m[1]!))].sort();
  }
  return out;
}

describe('additionalLanguages', () => {
  it("highlights code in the languages a site adds, on every build; a name Prism lacks is a warning at its line; a language taken out is plain again", () => {
    const dir = writeTempSite({ 'docusaurus.config.js': config("'scss', 'docker', 'powershell', 'flow', 'klingon', 'all'"), 'docs/code.md': page });
    dirs.push(dir);
    const first = runCli(['build', dir]);
    expect(first.code).toBe(0);
    // refractor's other entry points are no languages either.
    expect(first.stderr).toMatch(/docusaurus\.config\.js:7:\d+: Prism has no language "klingon", "all" \(additionalLanguages\): code blocks in them are shown plain\./);
    const tokens = tokensByLanguage(dir);
    expect(tokens.scss).toContain('selector');
    expect(tokens.docker).toContain('instruction');
    expect(tokens.powershell).toContain('function');
    expect(tokens.flow).toContain('keyword');
    // The document cache knows the languages are part of what a page was made with.
    fs.writeFileSync(path.join(dir, 'docusaurus.config.js'), config("'docker', 'powershell', 'flow'"));
    const second = runCli(['build', dir]);
    expect(second.code).toBe(0);
    expect(second.stderr).not.toMatch(/klingon/);
    expect(tokensByLanguage(dir).scss).toEqual([]);
    expect(tokensByLanguage(dir).docker).toContain('instruction');
  });

  it('a name that cannot be a Prism id is a config error', () => {
    const dir = writeTempSite({ 'site.config.mjs': "export default { title: 'T', prism: { additionalLanguages: ['../up'] } };\n", 'docs/a.md': '# A\n' });
    dirs.push(dir);
    const { code, stderr } = runCli(['build', dir]);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/prism\.additionalLanguages\.0/);
  });
});
