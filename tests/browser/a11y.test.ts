import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { SITE_OUTPUT } from '../globalSetup.ts';
import { useServedSite } from './browser.ts';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const site = useServedSite(SITE_OUTPUT);

/** One page of every kind. */
const PAGES = ['/', '/for-developers/callbacks/', '/category/payments/', '/blog/', '/blog/mdx-blog-post/', '/blog/tags/', '/blog/tags/hello/', '/blog/archive/', '/search/', '/no-such-page/'];

describe('accessibility (axe-core)', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`finds no serious or critical violation on any page kind in ${mode} mode`, async () => {
      const context = await site.browser.newContext();
      await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
      const page = await context.newPage();
      const problems: string[] = [];
      for (const path of PAGES) {
        await page.goto(site.url + path, { waitUntil: 'networkidle' });
        await page.addScriptTag({ path: axePath });
        const violations = await page.evaluate(async () => {
          const result = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document, {
            runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
          });
          return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
        });
        problems.push(...violations.map((v) => `${path}: ${v}`));
      }
      await context.close();
      expect(problems).toEqual([]);
    });
  }
});
