import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Root, ElementContent } from 'hast';
import { parse } from 'node-html-parser';
import { renderContent, siteModules } from '../../runtime/entry-server.tsx';
import { contentContext } from '../../runtime/contentContext.ts';
import type { SiteData } from '../../runtime/pageData.ts';
import { findThemeOverrides, unusedThemeComponents } from '../../cli/bundle/themeOverrides.ts';
import { siteCodeFor } from '../../cli/bundle/siteBundle.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/** A site's src/theme: a swizzled Admonition wrapping the original, a replaced Details, an MDXComponents map adding Highlight. */
const dir = writeTempSite({
  'src/theme/Admonition/index.jsx': "import Original from '@theme-original/Admonition';\nexport default function Admonition(props) {\n  return <section className=\"site-admonition\"><Original {...props} /></section>;\n}\n",
  'src/theme/Details.tsx': 'export default function Details({ children }: { children?: unknown }) {\n  return <div className="site-details">{children as never}</div>;\n}\n',
  'src/theme/MDXComponents.js': "import MDXComponents from '@theme-original/MDXComponents';\nimport Highlight from '../components/Highlight';\nexport default { ...MDXComponents, Highlight };\n",
  'src/components/Highlight.jsx': 'export default function Highlight({ color, children }) {\n  return <mark style={{ backgroundColor: color }}>{children}</mark>;\n}\n',
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const site = { baseUrl: '/', title: 'T' } as SiteData;
const text = (value: string) => ({ type: 'text' as const, value });
const el = (tagName: string, children: ElementContent[] = []): ElementContent => ({ type: 'element', tagName, properties: {}, children });
const jsxEl = (name: string, attributes: Record<string, string>, children: ElementContent[] = []): ElementContent =>
  ({ type: 'mdxJsxFlowElement', name, attributes: Object.entries(attributes).map(([n, value]) => ({ type: 'mdxJsxAttribute', name: n, value })), children }) as never;
const render = (children: ElementContent[], components = {}) =>
  parse(renderContent({ type: 'root', children } as Root, { site, components, content: contentContext({ frontMatter: {}, toc: [], docCards: [] }) }));

describe('a site\'s theme overrides', () => {
  it('finds the map and the swizzled components, in a file or a folder', () => {
    expect(findThemeOverrides(dir).map((o) => [o.name, o.path.slice(dir.length + 1)])).toEqual([
      ['MDXComponents', 'src/theme/MDXComponents.js'],
      ['Admonition', 'src/theme/Admonition/index.jsx'],
      ['Details', 'src/theme/Details.tsx'],
    ]);
  });

  it('replace the built-in components by name, keep the others, and add the map\'s own', async () => {
    const { bundle, diagnostics } = await siteCodeFor({ siteDir: dir, components: [], overrides: findThemeOverrides(dir), styles: [], provided: siteModules, fallbacks: {} });
    expect(diagnostics).toEqual([]);
    const tree = [
      jsxEl('Admonition', { type: 'tip', title: 'Short' }, [el('p', [text('Body.')])]),
      el('details', [el('summary', [text('More')]), el('p', [text('Hidden.')])]),
      jsxEl('Highlight', { color: 'yellow' }, [text('marked')]),
      jsxEl('TOCInline', {}),
    ];
    const html = render(tree, bundle!.overrides);
    // The swizzled Admonition wraps the theme's own, which still draws the box.
    expect(html.querySelector('section.site-admonition > .theme-admonition.alert--success .admonitionHeading')!.text).toBe('Short');
    // Markdown's <details> is the theme's Details: replaced too.
    expect(html.querySelector('.site-details')!.text).toBe('MoreHidden.');
    expect(html.querySelector('details')).toBeNull();
    expect(html.querySelector('mark')!.getAttribute('style')).toBe('background-color:yellow');
    // Without the overrides, the theme's own.
    const plain = render(tree);
    expect(plain.querySelector('.site-admonition, .site-details, mark')).toBeNull();
    expect(plain.querySelector('details summary')!.text).toBe('More');
  });

  it('names each swizzled component it does not use, once, and not the files of the ones it does', () => {
    const other = writeTempSite({
      'src/theme/Footer/index.js': 'export default function Footer() { return null; }\n',
      'src/theme/Footer/Links.js': 'export default function Links() { return null; }\n',
      'src/theme/DocItem/Layout/index.tsx': 'export default function Layout() { return null; }\n',
      'src/theme/NotFound.js': 'export default function NotFound() { return null; }\n',
      'src/theme/CodeBlock/index.jsx': 'export default function CodeBlock() { return null; }\n',
      'src/theme/CodeBlock/highlight.js': 'export const x = 1;\n',
      'src/theme/CodeBlock/styles.css': '.x {}\n',
      'src/theme/Navbar/styles.module.css': '.x {}\n',
      // The site's own modules kept in src/theme (a code theme its config requires), and the one lower-case theme module.
      'src/theme/prism/light.js': 'module.exports = { plain: {}, styles: [] };\n',
      'src/theme/utils.ts': 'export const x = 1;\n',
      'src/theme/prism-include-languages.js': 'export default function include() {}\n',
    });
    try {
      expect(unusedThemeComponents(other)).toEqual([
        { name: 'DocItem/Layout', file: 'src/theme/DocItem/Layout/index.tsx' },
        { name: 'Footer', file: 'src/theme/Footer/index.js' },
        { name: 'NotFound', file: 'src/theme/NotFound.js' },
        { name: 'prism-include-languages', file: 'src/theme/prism-include-languages.js' },
      ]);
      expect(unusedThemeComponents(dir)).toEqual([]);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
