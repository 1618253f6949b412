import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/**
 * Sass stylesheets, as docusaurus-plugin-sass compiles them (bundle/sassStylesheet.ts):
 * customCss in Sass, `.module.scss` CSS modules, partials, `.sass`, packages' stylesheets;
 * errors and `@warn`s at their place; nothing read from outside the site.
 */

const config = (customCss: string) => `module.exports = {
  title: 'Sassy',
  url: 'https://sassy.example',
  baseUrl: '/',
  plugins: ['docusaurus-plugin-sass'],
  presets: [['classic', { docs: { sidebarPath: false }, blog: false, theme: { customCss: [${customCss}] } }]],
};
`;
const files = {
  'docusaurus.config.js': config("require.resolve('./src/css/custom.scss')"),
  'src/css/_tokens.scss': '$brand: #2e8555;\n@mixin card { border-radius: 8px; padding: 1rem; }\n',
  'src/css/custom.scss': "@use 'tokens';\n@use '~fancy/theme' as fancy;\n@use 'fancy/spacing';\n:root { --ifm-color-primary: #{tokens.$brand}; }\n.hero { .title { color: fancy.$ink; margin: spacing.$gap; } }\n",
  'node_modules/fancy/_theme.scss': '$ink: #123456;\n',
  'node_modules/fancy/spacing/_index.scss': '$gap: 3px;\n',
  'src/components/Card.module.scss': "@use '../css/tokens';\n.card { @include tokens.card; &:hover { outline: 1px solid tokens.$brand; } .inner { margin: 0; } }\n",
  'src/components/Card.jsx': "import styles from './Card.module.scss';\nimport './note.sass';\nexport default function Card({ children }) { return <div className={styles.card}><p className={styles.inner}>{children}</p></div>; }\n",
  'src/components/note.sass': '.note\n  color: #abcdef\n  .em\n    font-style: italic\n',
  'docs/intro.mdx': "import Card from '@site/src/components/Card';\n\n# Intro\n\n<Card>Hello</Card>\n",
};

const dirs: string[] = [];
const site = (overrides: Record<string, string> = {}) => {
  const dir = writeTempSite({ ...files, ...overrides });
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The problems `check` finds, as `file:line:col severity code`, with each message. */
function problems(dir: string): { place: string; message: string }[] {
  const { stdout } = runCli(['check', dir, '--format', 'json']);
  const report = JSON.parse(stdout) as { diagnostics: { file?: string; line?: number; column?: number; severity: string; code: string; message: string }[] };
  return report.diagnostics.map((d) => ({ place: `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}`, message: d.message }));
}

describe('a Docusaurus site with docusaurus-plugin-sass', () => {
  it('builds its Sass: variables, nesting, partials, packages\' stylesheets, `.sass`, and CSS modules whose classes the page uses', () => {
    const dir = site();
    const { code, stderr } = runCli(['build', dir]);
    expect(stderr).not.toMatch(/sass|warning|error/i);
    expect(code).toBe(0);
    const assets = path.join(dir, 'build/assets');
    const cssFile = fs.readdirSync(assets).find((f) => /^site-.*\.css$/.test(f))!;
    const css = fs.readFileSync(path.join(assets, cssFile), 'utf8');
    expect(css).toContain('--ifm-color-primary: #2e8555');
    expect(css).toMatch(/\.hero \.title\{color:#123456;margin:3px\}/);
    expect(css).toMatch(/\.note\{color:#abcdef\}\.note \.em\{font-style:italic\}/);
    // Once: the site's stylesheet is on every page, so the browser's chunks leave the component's stylesheet out.
    const holding = fs.readdirSync(assets).filter((f) => /\.(css|js)$/.test(f) && fs.readFileSync(path.join(assets, f), 'utf8').includes('#abcdef'));
    expect(holding).toEqual([cssFile]);
    const card = /\.(card_\w+)\{border-radius:8px;padding:1rem\}/.exec(css)?.[1];
    expect(card).toBeDefined();
    expect(css).toContain(`.${card}:hover{outline:1px solid #2e8555}`);
    const html = fs.readFileSync(path.join(dir, 'build/docs/intro/index.html'), 'utf8');
    expect(html).toContain(`class="${card}"`);
    expect(html).toMatch(new RegExp(`<link[^>]+href="/assets/${cssFile}"`));
  });

  // As any stylesheet that does not build (siteBundle.ts), a warning: it is left out and the theme's own is used.
  it('names the file, line and column where a stylesheet does not compile, in a partial too', () => {
    const dir = site({ 'src/css/_tokens.scss': '$brand: #2e8555;\n@mixin card { border-radius: 8px padding: 1rem; }\n' });
    const found = problems(dir);
    expect(found.map((p) => p.place)).toContain('src/css/_tokens.scss:2:41 warning sass-failed');
    expect(found.find((p) => p.place.includes('sass-failed'))!.message).toMatch(/expected ";"/);
  });

  it('says a Sass @warn at its line; Sass\'s deprecations (`@import`) say nothing', () => {
    const dir = site({ 'src/css/custom.scss': "@import 'tokens';\n\n@warn 'brand colour is too light';\n.a { color: $brand; }\n" });
    expect(problems(dir)).toEqual([{ place: 'src/css/custom.scss:3:1 warning sass-warning', message: 'Sass warns: brand colour is too light.' }]);
  });

  it('stops a stylesheet that never ends, naming it, and leaves no build', () => {
    const dir = site({ 'src/css/custom.scss': '$i: 0;\n@while $i < 1 { $x: $i; }\n' });
    const started = Date.now();
    const { code, stderr } = runCli(['build', dir], { env: { SITE_TASK_LIMIT_MS: '1500' } });
    expect(code).toBe(1);
    expect(stderr).toMatch(/src\/css\/custom\.scss.*Compiling src\/css\/custom\.scss/s);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
  });

  it('reads nothing outside the site folder: a load that leads out, by path or by a link, is said at its line and left out', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'outside-'));
    dirs.push(outside);
    fs.writeFileSync(path.join(outside, '_secret.scss'), '.secret { content: "do not publish"; }\n');
    // The site and the folder outside are both in the temporary folder: three steps up from src/css reach it.
    const relative = site({ 'src/css/custom.scss': `// Brand colours\n@use '../../../${path.basename(outside)}/secret';\n.a { color: red; }\n` });
    expect(problems(relative).map((p) => p.place)).toEqual(['src/css/custom.scss:2:1 warning sass-load-outside']);
    const linked = site({ 'src/css/custom.scss': "// Brand colours\n@use 'linked';\n.a { color: red; }\n" });
    fs.symlinkSync(path.join(outside, '_secret.scss'), path.join(linked, 'src/css/_linked.scss'));
    expect(problems(linked).map((p) => p.place)).toEqual(['src/css/custom.scss:2:1 warning sass-load-outside']);
    // The stylesheet is left out; the rest of the site builds, and nothing of the file outside is in it.
    expect(runCli(['build', linked]).code).toBe(0);
    const published = [...fs.readdirSync(path.join(linked, 'build'), { recursive: true, encoding: 'utf8' })].filter((f) => /\.(css|html|js)$/.test(f));
    expect(published.filter((f) => fs.readFileSync(path.join(linked, 'build', f), 'utf8').includes('do not publish'))).toEqual([]);
  });
});
