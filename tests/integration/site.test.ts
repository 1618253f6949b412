import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { SITE_OUTPUT } from '../globalSetup.ts';
import { ROOT, runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

// A copy of the spec's route list, so the tests also run in a clone without shared/ beside it.
const SPEC_ROUTES = path.join(ROOT, '../shared/spec/routes.txt');
const routesText = fs.readFileSync(path.join(ROOT, 'tests/fixtures/routes.txt'), 'utf8');
const routes = routesText.split('\n').map((l) => l.trim()).filter(Boolean);
const fileOf = (route: string) => path.join(SITE_OUTPUT, route, 'index.html');

function hashTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else out.set(child, createHash('sha256').update(fs.readFileSync(path.join(dir, child))).digest('hex'));
    }
  };
  walk('');
  return out;
}

describe('the Coinvoy site', () => {
  it.runIf(fs.existsSync(SPEC_ROUTES))('uses the same route list as the spec', () => {
    expect(routesText).toBe(fs.readFileSync(SPEC_ROUTES, 'utf8'));
  });

  it('has all 187 routes of the spec, each a complete page with its own title', () => {
    expect(routes).toHaveLength(187);
    const missing = routes.filter((r) => !fs.existsSync(fileOf(r)));
    expect(missing).toEqual([]);
    for (const route of routes) {
      const doc = parse(fs.readFileSync(fileOf(route), 'utf8'));
      const title = doc.querySelector('title')?.text ?? '';
      expect(title, route).toMatch(/ \| Coinvoy$/);
      expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')?.length, route).toBeGreaterThan(20);
      expect(doc.querySelector('h1'), route).not.toBeNull();
    }
    expect(fs.existsSync(path.join(SITE_OUTPUT, '404.html'))).toBe(true);
  });

  it('publishes /what-is-coinvoy/ from the /for-developers/ sources with canonical links', () => {
    const copy = parse(fs.readFileSync(fileOf('/what-is-coinvoy/callbacks/'), 'utf8'));
    const source = parse(fs.readFileSync(fileOf('/for-developers/callbacks/'), 'utf8'));
    expect(copy.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://docs.coinvoy.example/for-developers/callbacks/');
    expect(copy.querySelector('#__content')?.innerHTML).toBe(source.querySelector('#__content')?.innerHTML);
    expect(fs.existsSync(path.join(ROOT, 'content/docs/what-is-coinvoy'))).toBe(false);
  });

  it('writes sitemap.xml, an indexable robots.txt, feeds and per-route payloads', () => {
    const sitemap = fs.readFileSync(path.join(SITE_OUTPUT, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://docs.coinvoy.example/for-developers/callbacks/</loc>');
    expect(sitemap).not.toContain('what-is-coinvoy/callbacks');
    expect(fs.readFileSync(path.join(SITE_OUTPUT, 'robots.txt'), 'utf8')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://docs.coinvoy.example/sitemap.xml\n');
    for (const feed of ['rss.xml', 'atom.xml', 'feed.json']) expect(fs.existsSync(path.join(SITE_OUTPUT, 'blog', feed))).toBe(true);
    const data = JSON.parse(fs.readFileSync(path.join(SITE_OUTPUT, 'page-data/functional/checkouts/cart/data.json'), 'utf8')) as { kind: string; html: string };
    expect(data.kind).toBe('doc');
    expect(data.html.length).toBeGreaterThan(500);
  });

  it('renders the 8 category pages with cards', () => {
    for (const slug of ['api', 'changes', 'functional', 'kyc', 'payments', 'policies-and-compliance', 'release-notes', 'wallets']) {
      const doc = parse(fs.readFileSync(fileOf(`/category/${slug}/`), 'utf8'));
      expect(doc.querySelectorAll('.card').length, slug).toBeGreaterThan(0);
    }
  });
});

describe('build output', () => {
  it('is byte-identical for the same input', () => {
    const second = path.join(ROOT, 'tests/.output/site-again');
    const { code } = runCli(['build', '.', '--out-dir', second]);
    expect(code).toBe(0);
    const a = hashTree(SITE_OUTPUT);
    const b = hashTree(second);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    const different = [...a].filter(([file, hash]) => b.get(file) !== hash).map(([file]) => file);
    expect(different).toEqual([]);
    fs.rmSync(second, { recursive: true, force: true });
  });

  it('leaves the previous build untouched when a build fails', () => {
    const site = writeTempSite({
      'site.config.ts': 'export default { title: "T", trailingSlash: true };\n',
      'docs/intro.md': '---\nslug: /\n---\nHello [a](./a.md).\n',
      'docs/a.md': 'A\n',
    });
    const out = path.join(site, 'build');
    expect(runCli(['build', site]).code).toBe(0);
    const before = hashTree(out);
    fs.writeFileSync(path.join(site, 'docs/intro.md'), '---\nslug: /\n---\nChanged, with a [broken](./gone.md) link.\n');
    const failed = runCli(['build', site]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('docs/intro.md:4:17: Broken link to "./gone.md"');
    expect(failed.stderr).toContain('Build failed; the previous build folder was left as it was.');
    expect(hashTree(out)).toEqual(before);
    expect(fs.readdirSync(site).filter((f) => f.startsWith('build.'))).toEqual([]);
  });
});
