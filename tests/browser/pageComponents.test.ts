import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServedSite } from './browser.ts';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/**
 * Components an MDX page defines in its own exports, as Docusaurus's docs write them
 * (`export const Highlight = ({children, color}) => …`): drawn by the server, alive in the
 * browser (state, handlers), given what the page imports and exports.
 */
const PAGE = [
  '---',
  'title: Defined here',
  '---',
  "import { useState } from 'react';",
  "import Link from '@docusaurus/Link';",
  '',
  "export const colors = { green: 'rgb(37, 194, 160)' };",
  '',
  'export const Highlight = ({children, color}) => (',
  "  <span className=\"highlight\" style={{backgroundColor: colors[color] ?? color, padding: '2px 6px'}} onClick={() => { document.title = `clicked ${children}`; }}>{children}</span>",
  ');',
  '',
  'export function Clicker({ label }) {',
  '  const [count, setCount] = useState(0);',
  '  return <button type="button" className="clicker" onClick={() => setCount(count + 1)}>{label}: {count}</button>;',
  '}',
  '',
  'export const Home = () => <Link className="home-link" to="/docs/other">Elsewhere</Link>;',
  '',
  '# Defined here',
  '',
  'This is <Highlight color="green">Docusaurus green</Highlight> and <Clicker label="Clicks" />.',
  '',
  '<Home />',
  '',
].join('\n');

const dir = writeTempSite({
  'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', {}]] };\n",
  'docs/page.mdx': PAGE,
  'docs/other.md': '# Other\n',
});
let stderr = '';
beforeAll(() => {
  const result = runCli(['build', dir]);
  stderr = result.stderr;
  if (result.code !== 0) throw new Error(`The site did not build:\n${result.stderr}`);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const site = useServedSite(path.join(dir, 'build'));

describe('components an MDX page exports', () => {
  it('build without a warning, and the server draws them with their props, children and imports', () => {
    expect(stderr).not.toMatch(/warning|not evaluated|not a component/i);
    const html = fs.readFileSync(path.join(dir, 'build/docs/page/index.html'), 'utf8');
    expect(html).toMatch(/<span class="highlight" style="background-color:rgb\(37, 194, 160\);padding:2px 6px">Docusaurus green<\/span>/);
    expect(html).toMatch(/<button type="button" class="clicker">Clicks<!-- -->: <!-- -->0<\/button>/);
    expect(html).toMatch(/<a class="home-link" href="\/docs\/other">Elsewhere<\/a>/);
  });

  it('come alive in the browser: state changes on a click, a handler sees the text children as a string', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && errors.push(m.text()));
    await page.goto(`${site.url}/docs/page`, { waitUntil: 'networkidle' });
    const button = page.locator('article button.clicker');
    await expect.poll(async () => {
      await button.click();
      return button.innerText();
    }).toMatch(/^Clicks: [1-9]/);
    const before = Number((await button.innerText()).split(': ')[1]);
    await button.click();
    await expect.poll(() => button.innerText()).toBe(`Clicks: ${before + 1}`);
    await page.locator('article .highlight').click();
    await expect.poll(() => page.title()).toBe('clicked Docusaurus green');
    expect(await page.locator('article .highlight').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(37, 194, 160)');
    expect(errors).toEqual([]);
    await page.close();
  });
});
