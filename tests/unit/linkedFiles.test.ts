import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/**
 * A Markdown link to a file beside the page (`[the spec](./spec.pdf)`) publishes the file,
 * as an image beside the page is and as Docusaurus does: the link was checked as an
 * address, failed as "nothing in the static folder has that path", and a Docusaurus site
 * that offers downloads this way did not build.
 */
describe('links to files beside the page', () => {
  const dir = writeTempSite({
    'docs/guide.md': '# Guide\n\n[spec](./files/spec.pdf) [data](../data/rates.json) [script](files/install%20me.sh "Install") [release](./v1.2) [next](./next.js)\n',
    'docs/files/spec.pdf': '%PDF-1.4 spec',
    'docs/files/install me.sh': 'echo hi\n',
    'data/rates.json': '{"rate": 1}\n',
    'docs/v1.2.md': '# Release 1.2\n',
    'docs/next.js.md': '# Next.js\n',
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('publishes them and links to their URL; names that are pages stay pages', () => {
    const result = runCli(['build', dir, '--out-dir', path.join(dir, 'out')]);
    expect(result.code, result.stderr).toBe(0);
    const html = fs.readFileSync(path.join(dir, 'out/guide/index.html'), 'utf8');
    const hrefs = [...html.matchAll(/<a href="([^"]*)"[^>]*>(spec|data|script|release|next)</g)].map((m) => `${m[2]} ${m[1]}`);
    expect(hrefs).toEqual(['spec /assets/files/docs/files/spec.pdf', 'data /assets/files/data/rates.json', 'script /assets/files/docs/files/install%20me.sh', 'release /v1.2', 'next /next.js']);
    expect(fs.readFileSync(path.join(dir, 'out/assets/files/docs/files/spec.pdf'), 'utf8')).toBe('%PDF-1.4 spec');
    expect(fs.readFileSync(path.join(dir, 'out/assets/files/docs/files/install me.sh'), 'utf8')).toBe('echo hi\n');
    expect(fs.existsSync(path.join(dir, 'out/assets/files/data/rates.json'))).toBe(true);
  });

  it('reports a missing one at its place, naming where it was looked for, in check and build', () => {
    fs.appendFileSync(path.join(dir, 'docs/guide.md'), '\n[gone](./files/gone.zip)\n');
    for (const command of [['check', dir], ['build', dir, '--out-dir', path.join(dir, 'out2')]]) {
      const result = runCli(command);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('docs/guide.md:5:1: Missing file "./files/gone.zip": there is no docs/files/gone.zip.');
    }
  });
});
