import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { valueShapeProblem } from '../../cli/config/valueShape.ts';
import { loadConfig } from '../../cli/config/load.ts';
import { SiteError } from '../../cli/errors/SiteError.ts';
import { formatDiagnostic } from '../../cli/report/diagnostic.ts';
import { writeTempSite } from '../helpers/memorySite.ts';
import { runCli } from '../helpers/cli.ts';

describe('values a config or sidebars file exports', () => {
  it('finds a value that holds one of its ancestors, naming both', () => {
    const category: Record<string, unknown> = { type: 'category', label: 'C', items: ['intro'] };
    (category.items as unknown[]).push(category);
    expect(valueShapeProblem({ main: [category] })).toEqual({ at: ['main', 0, 'items', 1], kind: 'self-reference', ancestor: ['main', 0] });
    const root: Record<string, unknown> = {};
    root.again = root;
    expect(valueShapeProblem(root)).toEqual({ at: ['again'], kind: 'self-reference', ancestor: [] });
  });

  it('lets a value used in two places pass: only its ancestors make a cycle', () => {
    const common = { type: 'doc', id: 'intro' };
    expect(valueShapeProblem({ a: [common, { type: 'category', label: 'C', items: [common, common] }], b: common })).toBeUndefined();
  });

  it('stops at the depth limit, however deep the value goes', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 50_000; i++) deep = { x: deep };
    const problem = valueShapeProblem({ deep });
    expect(problem?.kind).toBe('too-deep');
    expect(problem?.at).toHaveLength(100);
    let fits: unknown = 'leaf';
    for (let i = 0; i < 99; i++) fits = { x: fits };
    expect(valueShapeProblem({ fits })).toBeUndefined();
  });

  it('measures a value that holds the same value twice at each level as written out, once per shared value', () => {
    let doubled: unknown = ['leaf'];
    for (let i = 0; i < 60; i++) doubled = [doubled, doubled];
    // 2^60 values written out: walked once each, it is found at once.
    expect(valueShapeProblem({ doubled })).toMatchObject({ kind: 'too-large' });
    let small: unknown = ['leaf'];
    for (let i = 0; i < 15; i++) small = [small, small];
    expect(valueShapeProblem({ small })).toBeUndefined();
    // A shared value's depth counts again where it is used deeper: walked once, its height is kept.
    let shared: unknown = 'leaf';
    for (let i = 0; i < 60; i++) shared = { x: shared };
    let deeper: unknown = shared;
    for (let i = 0; i < 45; i++) deeper = [deeper];
    expect(valueShapeProblem({ a: shared })).toBeUndefined();
    expect(valueShapeProblem({ a: shared, deeper })).toMatchObject({ kind: 'too-deep', at: ['deeper', ...Array(45).fill(0)] });
  });

  it('leaves functions and class instances as they are', () => {
    class Plugin {
      self = this;
    }
    expect(valueShapeProblem({ plugins: [new Plugin(), () => 1], pattern: /x/ })).toBeUndefined();
  });
});

describe('a config or sidebars file whose value holds itself or nests past the limit', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const site = (files: Record<string, string>) => {
    const dir = writeTempSite({ 'docs/intro.md': '# Intro\n', ...files });
    dirs.push(dir);
    return dir;
  };
  const problems = async (dir: string) => ((await loadConfig(dir).catch((e: unknown) => e)) as SiteError).diagnostics.map(formatDiagnostic);
  const docusaurus = "module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { docs: { sidebarPath: './sidebars.js' } }]] };\n";

  it('is an error at the key, in site.config.ts, docusaurus.config.js and sidebars.js', async () => {
    expect(await problems(site({ 'site.config.ts': "const c: any = { type: 'category', label: 'C', items: [] };\nc.items.push(c);\nexport default {\n  title: 'T',\n  docs: { sidebars: { main: [c] } },\n};\n" }))).toEqual([
      'site.config.ts:5:1: Config key "docs.sidebars.main.0.items.0" holds "docs.sidebars.main.0", the value it sits in: written out, it would never end.\n  Give it a new object or array (a copy, or one built by a function), not one of the values that contain it.',
    ]);
    expect(await problems(site({ 'docusaurus.config.js': "const fields = {};\nfields.self = fields;\nmodule.exports = {\n  title: 'T', url: 'https://t.example', baseUrl: '/',\n  customFields: { fields },\n};\n" }))).toEqual([
      'docusaurus.config.js:5:1: Config key "customFields.fields.self" holds "customFields.fields", the value it sits in: written out, it would never end.\n  Give it a new object or array (a copy, or one built by a function), not one of the values that contain it.',
    ]);
    expect(await problems(site({ 'docusaurus.config.js': docusaurus, 'sidebars.js': "let c = 'intro';\nfor (let i = 0; i < 20000; i++) c = { type: 'category', label: 'C' + i, items: [c] };\nmodule.exports = { main: [c] };\n" }))).toEqual([
      'sidebars.js:3:1: The sidebar item at "main[0].items[0].items[0].items[0]…" is nested more than 100 levels deep.\n  No sidebar or option needs more than a few levels: check the code that builds this value.',
    ]);
  });

  it('names the key whose getter or Proxy throws as it is read, in the config and the sidebars', async () => {
    expect(await problems(site({ 'site.config.ts': "export default {\n  title: 'T',\n  themeConfig: { get navbar(): never { throw new Error('no navbar yet'); } },\n};\n" }))).toEqual([
      'site.config.ts:3:1: Config key "themeConfig.navbar" could not be read: its code threw "no navbar yet".\n  A getter or Proxy in the exported value runs each time the value is read: fix what it throws, or write the value out.',
    ]);
    expect(await problems(site({ 'docusaurus.config.js': docusaurus, 'sidebars.js': "module.exports = { main: new Proxy({}, { ownKeys() { throw new TypeError('sealed'); } }) };\n" }))).toEqual([
      'sidebars.js:1:1: The sidebar item at "main" could not be read: its code threw "sealed".\n  A getter or Proxy in the exported value runs each time the value is read: fix what it throws, or write the value out.',
    ]);
  });

  it('names a BigInt, which the site data cannot hold, where writing the data threw with no key', async () => {
    expect(await problems(site({ 'site.config.ts': "export default {\n  title: 'T',\n  customFields: { supply: 21000000n },\n};\n" }))).toEqual([
      'site.config.ts:3:1: Config key "customFields.supply" is the BigInt 21000000n, which the site\'s data (JSON, as Docusaurus writes it too) cannot hold.\n  Write it as a number, or as a string if it is larger than a number holds exactly.',
    ]);
  });

  it('fails check and build without a stack overflow', () => {
    const dir = site({ 'docusaurus.config.js': docusaurus, 'sidebars.js': "const a = { type: 'category', label: 'A', items: [] };\na.items.push(a);\nmodule.exports = { main: [a] };\n" });
    for (const command of [['check', dir], ['build', dir, '--out-dir', `${dir}/out`]]) {
      const result = runCli(command);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('sidebars.js:3:1: The sidebar item at "main[0].items[0]" holds "main[0]"');
      expect(result.stderr).not.toContain('Maximum call stack');
    }
  });
});

describe('a site config exported as a function', () => {
  it('is called, and may return a promise, as Docusaurus and Vite allow', async () => {
    const dir = writeTempSite({ 'site.config.ts': "export default async () => ({ title: 'From a function' });\n" });
    expect((await loadConfig(dir)).title).toBe('From a function');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
