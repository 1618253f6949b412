import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toString } from 'hast-util-to-string';
import type { Element, Root } from 'hast';
import { loadDocument } from '../../cli/content/loadDocument.ts';
import { cacheKey } from '../../cli/content/loadContent.ts';
import { markdownSettings, parseSettings, type MathOptions } from '../../cli/content/scan.ts';
import { mapDocusaurusConfig } from '../../cli/config/docusaurus/mapConfig.ts';
import { importDocusaurusModule } from '../../cli/config/docusaurus/importModule.ts';
import { resolveConfig } from '../../cli/config/resolve.ts';
import { treeSections } from '../../cli/search/treeSections.ts';
import { testConfig, writeTempSite } from '../helpers/memorySite.ts';
import { createRequire } from 'node:module';
import { fromHtml } from 'hast-util-from-html';
import { katexHast } from '../../cli/content/markdown/katexHast.ts';
import { MAX_FORMULA_LENGTH } from '../../cli/content/markdown/math.ts';

/** TeX math (markdown.math: remark-math's syntax, typeset by KaTeX at build time; content/markdown/math.ts). */

const ON: MathOptions = { singleDollarTextMath: true, katex: {} };
const load = (text: string, math: MathOptions | null = ON, format: 'md' | 'mdx' = 'md') => loadDocument({ area: 'docs', relPath: 'a.md', file: 'docs/a.md', text, format, ...(math ? { math } : {}) });

/** Every element with a class, in document order, as "tag.class". */
function classed(tree: Root): string[] {
  const out: string[] = [];
  const visit = (node: { children?: unknown[] }) => {
    for (const child of (node.children ?? []) as Element[]) {
      if (child.type !== 'element') continue;
      const names = child.properties.className;
      if (Array.isArray(names) && ['katex', 'katex-display', 'katex-error'].some((n) => names.includes(n))) out.push(`${child.tagName}.${names.join('.')}`);
      visit(child);
    }
  };
  visit(tree);
  return out;
}

/** The TeX each typeset formula was made from (KaTeX keeps it in its MathML's annotation). */
function texOf(tree: Root): string[] {
  const out: string[] = [];
  const visit = (node: { children?: unknown[] }) => {
    for (const child of (node.children ?? []) as Element[]) {
      if (child.type !== 'element') continue;
      if (child.tagName === 'annotation') out.push(toString(child));
      else visit(child);
    }
  };
  visit(tree);
  return out;
}

describe('math in Markdown', () => {
  it('typesets $…$ in text, $$ blocks and ```math blocks with KaTeX, and leaves the rest of the page as it was', () => {
    const doc = load('Euler: $e^{i\\pi} + 1 = 0$, done.\n\n$$\n\\frac{1}{3}\n$$\n\n```math\na^2 + b^2 = c^2\n```\n\n```js\nconst a = 1;\n```\n');
    expect(doc.diagnostics).toEqual([]);
    expect(classed(doc.content)).toEqual(['span.katex', 'span.katex-display', 'span.katex', 'span.katex-display', 'span.katex']);
    expect(texOf(doc.content)).toEqual(['e^{i\\pi} + 1 = 0', '\\frac{1}{3}', 'a^2 + b^2 = c^2']);
    // The inline formula stays inside its paragraph, between its words.
    const paragraph = doc.content.children.find((n): n is Element => n.type === 'element' && n.tagName === 'p')!;
    expect(paragraph.children.map((c) => (c.type === 'text' ? c.value : (c as Element).tagName))).toEqual(['Euler: ', 'span', ', done.']);
    // A code block in another language is still code.
    expect(toString(doc.content as never)).toContain('const a = 1;');
  });

  it('reads the same in MDX, braces inside a formula included', () => {
    const doc = load('import X from "./x";\n\nThe mean $\\bar{x} = \\frac{1}{n}\\sum x_i$ here.\n', ON, 'mdx');
    expect(doc.diagnostics).toEqual([]);
    expect(texOf(doc.content)).toEqual(['\\bar{x} = \\frac{1}{n}\\sum x_i']);
  });

  it('leaves every $ as text on a site without math (prices stay prices)', () => {
    const doc = load('It costs $5 and $10.\n', null);
    expect(classed(doc.content)).toEqual([]);
    expect(toString(doc.content as never)).toBe('It costs $5 and $10.');
  });

  it('with singleDollarTextMath off, only $$…$$ is math in text', () => {
    const doc = load('From $5 to $10, and $$x^2$$.\n', { singleDollarTextMath: false, katex: {} });
    expect(texOf(doc.content)).toEqual(['x^2']);
    expect(toString(doc.content as never)).toContain('From $5 to $10, and ');
  });

  it("gives KaTeX the site's options (macros)", () => {
    const doc = load('Let $f: \\RR \\to \\RR$.\n', { singleDollarTextMath: true, katex: { macros: { '\\RR': '\\mathbb{R}' } } });
    expect(doc.diagnostics).toEqual([]);
    // \RR became \mathbb{R}: KaTeX's MathML draws it double-struck.
    expect(JSON.stringify(doc.content)).toContain('"mathvariant":"double-struck"');
    // Without the macro, \RR is an unknown command.
    expect(load('Let $f: \\RR \\to \\RR$.\n').diagnostics.map((d) => d.severity)).toEqual(['warning']);
  });

  it('shows a formula KaTeX cannot read as its source, with a warning at its line that says why', () => {
    const doc = load('---\ntitle: A\n---\n\nFine $x$.\n\nBroken $\\frac{1}{$ here.\n');
    expect(doc.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', file: 'docs/a.md', line: 7, column: 8, code: 'katex', message: expect.stringMatching(/^This formula is not valid TeX, so it is shown as written: Unexpected end of input in a macro argument.*\\frac\{1\}\{\. Correct the formula/) }),
    ]);
    expect(classed(doc.content)).toEqual(['span.katex', 'span.katex-error']);
    expect(toString(doc.content as never)).toContain('Broken \\frac{1}{ here.');
  });

  it("turns KaTeX's strict-mode notices into warnings at the formula, and not with strict: 'ignore'", () => {
    const warned = load('Fine $a + b$ here.\n\nUnicode $é$ too.\n');
    expect(warned.diagnostics.map((d) => [d.severity, d.line, d.code])).toEqual([['warning', 3, 'katex']]);
    expect(warned.diagnostics[0]!.message).toMatch(/^KaTeX: .*unicodeTextInMathMode.*LaTeX would not accept it/);
    expect(classed(warned.content)).toEqual(['span.katex', 'span.katex']);
    expect(load('Unicode $é$ too.\n', { singleDollarTextMath: true, katex: { strict: 'ignore' } }).diagnostics).toEqual([]);
  });

  it('does not hang or crash on hostile formulas: deep nesting and macro loops are warnings', () => {
    const deep = `$${'{'.repeat(5000)}x${'}'.repeat(5000)}$\n`;
    const loop = '$\\def\\a{\\a\\a}\\a$\n';
    const started = Date.now();
    for (const text of [deep, loop]) {
      const doc = load(text);
      expect(doc.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
      expect(doc.diagnostics.length).toBe(1);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('shows a formula longer than any real one as written, with a warning that asks whether a $$ is left open', () => {
    const doc = load(`Intro.\n\n$$\n${'x + y '.repeat(MAX_FORMULA_LENGTH / 4)}\n`);
    expect(doc.diagnostics.map((d) => [d.severity, d.line, d.code])).toEqual([['warning', 3, 'math-too-long']]);
    expect(doc.diagnostics[0]!.hint).toMatch(/\$\$ block left open/);
    expect(classed(doc.content)).toEqual([]);
  });

  it("stops typesetting where the formulas pass the page's node budget (markdown.maxNodes), as an error at that formula", () => {
    const text = `Intro.\n\n${'Some $x^2$ here.\n\n'.repeat(200)}`;
    expect(loadDocument({ area: 'docs', relPath: 'a.md', file: 'docs/a.md', text, format: 'md', math: ON, maxNodes: 100_000 }).diagnostics).toEqual([]);
    const doc = loadDocument({ area: 'docs', relPath: 'a.md', file: 'docs/a.md', text, format: 'md', math: ON, maxNodes: 2_000 });
    const errors = doc.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toEqual([expect.objectContaining({ code: 'markdown-too-dense', file: 'docs/a.md', message: expect.stringMatching(/^The page's math passes the size a page may have here/) })]);
    // Some formulas, not all: the error is at the first one past the budget.
    const typeset = classed(doc.content).length;
    expect(typeset).toBeGreaterThan(10);
    expect(typeset).toBeLessThan(200);
    expect(errors[0]!.line).toBe(3 + 2 * typeset);
  });

  it('makes another content key and recorded setting than the same file without math, or with other options', () => {
    const source = { area: 'docs' as const, relPath: 'a.md', file: 'docs/a.md', text: '$x$', format: 'md' as const };
    const on = { ...source, math: ON };
    expect(cacheKey(on)).not.toBe(cacheKey(source));
    expect(parseSettings(on)).not.toBe(parseSettings(source));
    expect(cacheKey({ ...on, math: { singleDollarTextMath: false, katex: {} } })).not.toBe(cacheKey(on));
    expect(cacheKey({ ...on, math: { singleDollarTextMath: true, katex: { macros: { '\\RR': '\\mathbb{R}' } } } })).not.toBe(cacheKey(on));
  });

  it('applies to the areas markdown.math names', () => {
    const config = testConfig({ markdown: { math: { areas: ['docs'] } } } as never);
    expect(markdownSettings(config, 'docs', 'md').math).toEqual({ singleDollarTextMath: true, katex: {} });
    expect(markdownSettings(config, 'blog', 'md').math).toBeUndefined();
    expect(markdownSettings(testConfig({ markdown: { math: true } } as never), 'pages', 'md').math).toEqual({ singleDollarTextMath: true, katex: {} });
    expect(markdownSettings(testConfig(), 'docs', 'md').math).toBeUndefined();
  });

  it('refuses KaTeX options that are not plain values, at their key', () => {
    const result = resolveConfig({ title: 'T', url: 'https://t.example', markdown: { math: { katex: { trust: () => true } } } } as never, { siteDir: '/site', configFile: null });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics.map((d) => `${d.configKey} ${d.message}`).join('\n')).toMatch(/markdown\.math\.katex.*JSON values/);
  });

  it('is indexed for search once, by its MathML text, not three times over', () => {
    const doc = load('## Energy\n\nMass $E=mc^2$ and more.\n');
    expect(treeSections(doc.content)).toEqual([{ level: 2, anchor: 'energy', heading: 'Energy', text: 'Mass E=mc2 and more.' }]);
  });
});

describe('a Docusaurus config naming remark-math and rehype-katex', () => {
  const map = (config: Record<string, unknown>) => mapDocusaurusConfig({ title: 'T', url: 'https://t.example', baseUrl: '/', ...config }, 'docusaurus.config.js');
  const native = (name: string) => Object.assign(() => undefined, { __siteNativePackage: name });
  const remarkMath = native('remark-math');
  const rehypeKatex = native('rehype-katex');

  it('turns math on for the plugins that list remark-math, with rehype-katex’s options', () => {
    const mapped = map({ presets: [['classic', { docs: { remarkPlugins: [remarkMath], rehypePlugins: [[rehypeKatex, { macros: { '\\RR': '\\mathbb{R}' }, strict: false }]] }, blog: {} }]] });
    expect(mapped.input.markdown).toEqual({ format: 'mdx', math: { singleDollarTextMath: true, areas: ['docs'], katex: { macros: { '\\RR': '\\mathbb{R}' }, strict: false } } });
    expect(mapped.warnings).toEqual([]);
    // Listed by the blog too, and with remark-math's own option; beforeDefaultRemarkPlugins count as well.
    const both = map({ presets: [['classic', { docs: { beforeDefaultRemarkPlugins: [[remarkMath, { singleDollarTextMath: false }]] }, blog: { remarkPlugins: [remarkMath] } }]] });
    expect(both.input.markdown).toEqual({ format: 'mdx', math: { singleDollarTextMath: false, areas: ['docs', 'blog'], katex: {} } });
  });

  it('by the plugins’ own function names when a site passes them in (installed and imported some other way)', () => {
    const mapped = map({ presets: [['classic', { docs: { remarkPlugins: [function remarkMath() {}], rehypePlugins: [function rehypeKatex() {}] } }]] });
    expect(mapped.input.markdown).toEqual({ format: 'mdx', math: { singleDollarTextMath: true, areas: ['docs'], katex: {} } });
  });

  it('has no math with rehype-katex alone; names an option that is code, and other rehype plugins, in warnings', () => {
    const alone = map({ presets: [['classic', { docs: { rehypePlugins: [rehypeKatex] } }]] });
    expect(alone.input.markdown).toEqual({ format: 'mdx' });
    const mapped = map({ presets: [['classic', { docs: { remarkPlugins: [remarkMath], rehypePlugins: [[rehypeKatex, { trust: () => true, output: 'html' }], native('rehype-slug')] } }]] });
    expect(mapped.input.markdown).toEqual({ format: 'mdx', math: { singleDollarTextMath: true, areas: ['docs'], katex: { output: 'html' } } });
    expect(mapped.warnings.map((w) => `${w.configKey} ${w.message}`)).toEqual([
      expect.stringMatching(/^presets\.0\.1\.docs\.rehypePlugins\.0\.1\.trust .*only options that are plain values reach KaTeX/),
      'presets.0.1.docs.rehypePlugins.1 The rehype plugin "rehype-slug" (presets[0][1].docs.rehypePlugins[1]) is not run here: what it changes in pages is left out.',
    ]);
  });

  it('gives the config a marker for each, installed or not, and does not list them as missing', async () => {
    const dir = writeTempSite({
      'docusaurus.config.js': "const math = require('remark-math');\nimport katex from 'rehype-katex';\nmodule.exports = { math, katex };\n",
    });
    try {
      const imported = await importDocusaurusModule(path.join(dir, 'docusaurus.config.js'), dir);
      const { math, katex } = imported.value as Record<string, { __siteNativePackage?: string }>;
      expect([math?.__siteNativePackage, katex?.__siteNativePackage]).toEqual(['remark-math', 'rehype-katex']);
      expect(imported.missing).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("KaTeX's markup as hast", () => {
  const katex = createRequire(import.meta.url)('katex') as typeof import('katex').default;
  const strip = (node: { position?: unknown; data?: unknown; children?: unknown[] }): unknown => {
    delete node.position;
    delete node.data;
    (node.children as (typeof node)[] | undefined)?.forEach(strip);
    return node;
  };
  // What KaTeX draws: scripts, fractions, roots and stretchy SVG, matrices, colour, links, text with quotes and escapes, spacing, symbols.
  const formulas = ['x^2', '\\frac{1}{2}', '\\sqrt[3]{x}', '\\overrightarrow{AB}', '\\int_0^1 f(x)\\,dx', '\\begin{pmatrix}a&b\\\\c&d\\end{pmatrix}', 'a < b > c', '\\text{it\'s "q" & <b>}', '\\href{https://a.example/?a=1&b=2}{link}', '\\color{red}{x}', '\\underbrace{a+b}_{n}', '\\widehat{abc}', '\\xrightarrow[under]{over}', '\\cancel{5}', '\\boxed{x}', '\\left(\\frac{a}{b}\\right)', '\\mathbb{R}', '\\operatorname{sin} x', '\\lim_{x\\to0}', '\\not=', '\\phantom{x}', '\\rule{1em}{2em}', 'é', '\\$5', '\\{a\\}', '\\char"41', '\\verb|a<b|', '\\htmlClass{c}{x}', '\\frac{1}{'];

  it('is the tree hast-util-from-html makes, for every construct, inline and display', () => {
    for (const tex of formulas) {
      for (const displayMode of [false, true]) {
        const html = katex.renderToString(tex, { displayMode, throwOnError: false, trust: true, strict: 'ignore' });
        expect({ tex, tree: strip({ children: katexHast(html) } as never) }).toEqual({ tex, tree: strip({ children: fromHtml(html, { fragment: true }).children } as never) });
      }
    }
  });

  it('leaves markup it does not expect to hast-util-from-html', () => {
    for (const html of ['<span class="a">x < y</span>', '<span><b>unclosed</span>', '<span>a</span></i>', 'a &notanentity; b', 'a & b', '&#0;', '&#xD800;x']) {
      expect(strip({ children: katexHast(html) } as never)).toEqual(strip({ children: fromHtml(html, { fragment: true }).children } as never));
    }
  });
});
