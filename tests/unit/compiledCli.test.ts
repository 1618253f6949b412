import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { parse } from 'acorn';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledCopy, IMPORT_NAME, withImportCalls } from '../../bin/compiled.js';
import { ROOT, runCli } from '../helpers/cli.ts';
import { startDev, stopDev } from '../helpers/devServer.ts';

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'compiled-cli-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

describe('the compiled CLI: import() in it', () => {
  it('becomes a call of the launcher\'s function wherever it is an import() expression, and nowhere else', () => {
    const source = [
      'const a = import("node:path");',
      'const b = import /* a comment */ (name);',
      'const c = "import(x)"; // import(y)',
      'const d = /import\\(/.test(s) ? `import(${z})` : null;',
      'object.import(1); const e = { import(q) { return q; } };',
      'class F { import() {} }',
    ].join('\n');
    const out = withImportCalls(source, parse);
    expect(out).toBe(
      [
        `const a = ${IMPORT_NAME}("node:path");`,
        `const b = ${IMPORT_NAME} /* a comment */ (name);`,
        'const c = "import(x)"; // import(y)',
        'const d = /import\\(/.test(s) ? `import(${z})` : null;',
        'object.import(1); const e = { import(q) { return q; } };',
        'class F { import() {} }',
      ].join('\n'),
    );
    // As long as the keyword: the source map's columns still hold.
    expect(out.length).toBe(source.length);
  });

  it('is refused when the file uses the name already, or import.meta is left in it', () => {
    expect(() => withImportCalls(`const ${IMPORT_NAME} = 1;`, parse)).toThrow(/already uses the name/);
    expect(() => withImportCalls('const url = import.meta.url;', parse)).toThrow(/import\.meta/);
  });
});

/** Runs `file` through runCompiled in a new process (as a command does), calls its `run` export, and reports. */
function runInProcess(file: string, options: { cacheName?: string } = {}, nodeFlags: string[] = []): { result: string; fromCache: boolean } {
  // A file, not -e: the code cache is kept for each set of Node's arguments, and these would differ.
  const runner = path.join(temp, 'runner.mjs');
  fs.writeFileSync(
    runner,
    `import { runCompiled } from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'bin/compiled.js')).href)};
const compiled = runCompiled(process.argv[2], JSON.parse(process.argv[3]));
const result = await compiled.exports.run();
compiled.keep();
console.log(JSON.stringify({ result, fromCache: compiled.fromCache }));
`,
  );
  const child = spawnSync(process.execPath, [...nodeFlags, runner, file, JSON.stringify(options)], { encoding: 'utf8' });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as { result: string; fromCache: boolean };
}

describe('the compiled CLI: its code cache', () => {
  const file = path.join(temp, 'main.cjs');
  const cache = `${file}.v8cache`;
  // A module named at run time, as a site's config is.
  fs.writeFileSync(path.join(temp, 'named.mjs'), 'export const answer = "loaded";\n');
  fs.writeFileSync(file, withImportCalls(`exports.run = async () => (await import(${JSON.stringify(pathToFileURL(path.join(temp, 'named.mjs')).href)})).answer;`, parse));

  it('is made after the first run and used by the next, whose import() still works', () => {
    expect(runInProcess(file)).toEqual({ result: 'loaded', fromCache: false });
    expect(fs.statSync(cache).size).toBeGreaterThan(0);
    const made = fs.readFileSync(cache);
    // Node 20 loses import()'s callback in code from the cache: the launcher's function stands in.
    expect(runInProcess(file)).toEqual({ result: 'loaded', fromCache: true });
    expect(fs.readFileSync(cache).equals(made)).toBe(true);
  });

  it('is made again when V8 rejects it (another version of V8, other flags, a damaged file)', () => {
    fs.writeFileSync(cache, 'not a code cache');
    expect(runInProcess(file)).toEqual({ result: 'loaded', fromCache: false });
    expect(runInProcess(file)).toEqual({ result: 'loaded', fromCache: true });
  });

  it('is kept apart for the workers, which run under the flags a build sets', () => {
    const main = fs.readFileSync(cache);
    expect(runInProcess(file, { cacheName: 'worker' })).toEqual({ result: 'loaded', fromCache: false });
    expect(fs.statSync(path.join(temp, 'main.cjs.worker.v8cache')).size).toBeGreaterThan(0);
    expect(runInProcess(file, { cacheName: 'worker' })).toEqual({ result: 'loaded', fromCache: true });
    expect(fs.readFileSync(cache).equals(main)).toBe(true);
  });

  it('is kept apart for each set of Node\'s flags, as V8 takes a cache only under the flags it was made with', () => {
    const plain = fs.readFileSync(cache);
    const bigHeap = ['--max-old-space-size=512'];
    const before = new Set(fs.readdirSync(temp));
    expect(runInProcess(file, {}, bigHeap)).toEqual({ result: 'loaded', fromCache: false });
    expect([...fs.readdirSync(temp)].filter((name) => !before.has(name))).toEqual([expect.stringMatching(/^main\.cjs\.[0-9a-f]{8}\.v8cache$/)]);
    expect(runInProcess(file, {}, bigHeap)).toEqual({ result: 'loaded', fromCache: true });
    expect(runInProcess(file)).toEqual({ result: 'loaded', fromCache: true });
    expect(fs.readFileSync(cache).equals(plain)).toBe(true);
  });

  it('is made by the real CLI after a command that checks a site, and kept while it fits', () => {
    expect(runCli(['check', path.join(ROOT, 'tests/fixtures/sites/minimal')]).code).toBe(0);
    const real = path.join(compiledCopy(ROOT).dir, 'main.cjs.v8cache');
    const first = fs.statSync(real);
    expect(first.size).toBeGreaterThan(100_000);
    expect(runCli(['check', path.join(ROOT, 'tests/fixtures/sites/minimal')]).code).toBe(0);
    expect(fs.statSync(real).mtimeMs).toBe(first.mtimeMs);
  });

  it('is made by the real CLI when a dev server stops, for an author who only ever runs dev', async () => {
    // Flags of this test's own, so that the cache it looks for is one no other command made.
    const flags = '--max-old-space-size=1537';
    const { dir } = compiledCopy(ROOT);
    const made = () => fs.readdirSync(dir).filter((name) => /^main\.cjs\.[0-9a-f]{8}\.v8cache$/.test(name));
    const before = new Set(made());
    const { child } = await startDev(path.join(ROOT, 'tests/fixtures/sites/minimal'), 30_000, { NODE_OPTIONS: flags });
    expect(made().filter((name) => !before.has(name))).toEqual([]);
    expect(await stopDev(child)).toBe(0);
    const added = made().filter((name) => !before.has(name));
    expect(added).toHaveLength(1);
    fs.rmSync(path.join(dir, added[0]!));
  });

  it('is not used with --enable-source-maps, so that the generator\'s stack traces name its sources', () => {
    const child = spawnSync(process.execPath, ['--enable-source-maps', path.join(ROOT, 'bin/site.js'), 'build', path.join(temp, 'no-site'), '--debug'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    // A usage error: no site there.
    expect(child.status).toBe(2);
    expect(child.stderr).toMatch(/at loadConfig \(.*cli\/config\/load\.ts:\d+:\d+\)/);
  });
});
