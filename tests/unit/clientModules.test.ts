import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mapDocusaurusConfig } from '../../cli/config/docusaurus/mapConfig.ts';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/** Docusaurus's `clientModules` (the browser's side: tests/browser/clientModules.test.ts). */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
const site = (clientModules: string, files: Record<string, string> = {}) => {
  const dir = writeTempSite({
    'docusaurus.config.js': `module.exports = { title: 'M', url: 'https://m.example', baseUrl: '/', clientModules: ${clientModules}, presets: [['classic', { docs: { sidebarPath: false }, blog: false }]] };\n`,
    'docs/intro.md': '# Intro\n',
    ...files,
  });
  dirs.push(dir);
  return dir;
};

describe('clientModules', () => {
  it('maps onto the native option, paths from the site folder (require.resolve gives absolute ones)', () => {
    const mapped = mapDocusaurusConfig({ title: 'T', url: 'https://t.example', baseUrl: '/', clientModules: ['/site/src/a.js', './src/b.css'] }, '/site/docusaurus.config.js', '/site');
    expect(mapped.input.clientModules).toEqual(['src/a.js', './src/b.css']);
    expect(mapped.warnings).toEqual([]);
  });

  it('fails on a module that is not there, or outside the site folder, naming it in the config', () => {
    const dir = site("['./src/missing.js', '../outside.js']");
    fs.writeFileSync(path.join(dir, '..', 'outside.js'), 'export {};\n');
    dirs.push(path.join(dir, '..', 'outside.js'));
    const { code, stderr } = runCli(['check', dir]);
    expect(code).toBe(1);
    expect(stderr).toContain('docusaurus.config.js:1:1: The client module "./src/missing.js" that clientModules names does not exist.');
    expect(stderr).toContain('The client module "../outside.js" that clientModules names is outside the site folder');
  });

  it('takes a bare name from the site\'s node_modules, as webpack resolves it, in customCss too; one not installed is said as such', () => {
    const dir = site("['fancy-analytics/client.js', 'fancy-analytics/theme.css']", {
      'node_modules/fancy-analytics/package.json': '{ "name": "fancy-analytics", "version": "1.0.0" }\n',
      'node_modules/fancy-analytics/client.js': "export function onRouteDidUpdate() { window.__fancy = 'counted'; }\n",
      'node_modules/fancy-analytics/theme.css': '.navbar { outline: 1px solid rgb(9, 8, 7); }\n',
      'node_modules/fancy-theme/style.css': 'article { outline: 1px solid rgb(1, 1, 1); }\n',
    });
    fs.writeFileSync(path.join(dir, 'docusaurus.config.js'), fs.readFileSync(path.join(dir, 'docusaurus.config.js'), 'utf8').replace("docs: { sidebarPath: false }", "docs: { sidebarPath: false }, theme: { customCss: ['fancy-theme/style.css', 'not-installed/style.css'] }"));
    const { code, stderr } = runCli(['build', dir]);
    expect(code).toBe(1);
    expect(stderr).toContain('The stylesheet "not-installed/style.css" that customCss names is from a package not installed in the site folder.\n  Run npm install in the site folder');
    expect(stderr).not.toContain('fancy');
    fs.writeFileSync(path.join(dir, 'docusaurus.config.js'), fs.readFileSync(path.join(dir, 'docusaurus.config.js'), 'utf8').replace(", 'not-installed/style.css'", ''));
    expect(runCli(['build', dir]).code).toBe(0);
    const assets = path.join(dir, 'build/assets');
    const css = fs.readFileSync(path.join(assets, fs.readdirSync(assets).find((f) => /^site-.*\.css$/.test(f))!), 'utf8');
    expect(css).toContain('rgb(1,1,1)');
    expect(css).toContain('rgb(9,8,7)');
    expect(fs.readFileSync(path.join(assets, fs.readdirSync(assets).find((f) => /^main-.*\.js$/.test(f))!), 'utf8')).toContain('counted');
  });

  it('a rebuild after an edit to a module, or to what it imports, bundles the browser\'s code again', () => {
    const dir = site("[require.resolve('./src/clientModules/a.js')]", {
      'src/clientModules/a.js': "import { greeting } from './greeting.js';\nexport function onRouteDidUpdate() { window.__greeting = greeting; }\n",
      'src/clientModules/greeting.js': "export const greeting = 'hello';\n",
    });
    const mainScript = () => {
      expect(runCli(['build', dir]).code).toBe(0);
      const assets = path.join(dir, 'build/assets');
      const main = fs.readdirSync(assets).find((f) => /^main-.*\.js$/.test(f))!;
      return fs.readFileSync(path.join(assets, main), 'utf8');
    };
    expect(mainScript()).toContain('"hello"');
    fs.writeFileSync(path.join(dir, 'src/clientModules/greeting.js'), "export const greeting = 'goodbye';\n");
    const after = mainScript();
    expect(after).toContain('"goodbye"');
    expect(after).not.toContain('"hello"');
  });

  it('a module that does not bundle is said at its place and left out; the site builds', () => {
    const dir = site("['./src/broken.js']", { 'src/broken.js': "import x from './nowhere.js';\nexport const y = x;\n" });
    const { code, stderr } = runCli(['build', dir]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/src\/broken\.js:1:\d+: .*nowhere\.js/);
  });
});
