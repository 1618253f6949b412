import { describe, expect, it } from 'vitest';
import type { Root, ElementContent } from 'hast';
import { parse } from 'node-html-parser';
import { renderContent } from '../../runtime/entry-server.tsx';
import { contentContext } from '../../runtime/contentContext.ts';
import type { SiteData } from '../../runtime/pageData.ts';

const site = { baseUrl: '/', title: 'T' } as SiteData;
const text = (value: string) => ({ type: 'text' as const, value });
const el = (tagName: string, properties: Record<string, unknown>, children: ElementContent[] = []): ElementContent => ({ type: 'element', tagName, properties: properties as never, children });
const jsxEl = (name: string, attributes: Record<string, string | null>, children: ElementContent[] = []): ElementContent =>
  ({ type: 'mdxJsxFlowElement', name, attributes: Object.entries(attributes).map(([n, value]) => ({ type: 'mdxJsxAttribute', name: n, value })), children }) as never;
const root = (...children: ElementContent[]): Root => ({ type: 'root', children });
const render = (tree: Root, components = {}) =>
  parse(renderContent(tree, { site, components, content: contentContext({ frontMatter: {}, toc: [{ id: 'a', value: 'A', level: 2 }, { id: 'b', value: 'B', level: 3 }], docCards: [] }) }), { blockTextElements: { script: true, style: true } });

describe('content through React components', () => {
  it('renders an admonition with its title and content', () => {
    const html = render(root(jsxEl('Admonition', { type: 'tip', title: 'Keep it short' }, [el('p', {}, [text('Body text.')])])));
    const box = html.querySelector('.theme-admonition')!;
    expect(box.classList.contains('alert--success')).toBe(true);
    expect(box.querySelector('.admonitionHeading')!.text).toBe('Keep it short');
    expect(box.querySelector('.admonitionContent p')!.text).toBe('Body text.');
  });

  it("gives an admonition Docusaurus's classes and title for each type, its legacy aliases and a keyword it does not know", () => {
    const box = (type: string, attributes: Record<string, string | null> = {}) => render(root(jsxEl('Admonition', { type, ...attributes }, [el('p', {}, [text('x')])]))).querySelector('.theme-admonition')!;
    const drawn = (type: string) => {
      const found = box(type);
      return { classes: [...found.classList.value].sort().join(' '), heading: found.querySelector('.admonitionHeading')!.text, marks: found.querySelectorAll('.admonitionIcon svg').length };
    };
    expect(drawn('note')).toEqual({ classes: 'alert alert--secondary theme-admonition theme-admonition-note', heading: 'Note', marks: 1 });
    expect(drawn('tip').classes).toBe('alert alert--success theme-admonition theme-admonition-tip');
    expect(drawn('danger').classes).toBe('alert alert--danger theme-admonition theme-admonition-danger');
    // caution is a type of its own, drawn as a warning.
    expect(drawn('caution')).toEqual({ classes: 'alert alert--warning theme-admonition theme-admonition-caution', heading: 'Caution', marks: 1 });
    // The legacy aliases are their type, titled with their own name.
    expect(drawn('secondary')).toEqual({ classes: 'alert alert--secondary theme-admonition theme-admonition-note', heading: 'Secondary', marks: 1 });
    expect(drawn('important')).toEqual({ classes: 'alert alert--info theme-admonition theme-admonition-info', heading: 'Important', marks: 1 });
    expect(drawn('success').classes.split(' ')).toEqual(expect.arrayContaining(['theme-admonition-tip', 'alert--success']));
    // A site's own keyword is drawn as Docusaurus's fallback draws it: info, titled Info, keeping its own type class.
    expect(drawn('remember')).toEqual({ classes: 'alert alert--info theme-admonition theme-admonition-remember', heading: 'Info', marks: 1 });
    // Inherited object keys are not types.
    expect(drawn('constructor').classes).toContain('alert--info');
    expect(box('tip', { className: 'mine' }).classList.contains('mine')).toBe(true);
  });

  it('renders tabs as an island: every panel on the page, the props beside them', () => {
    const html = render(
      root(
        jsxEl('Tabs', { groupId: 'os' }, [
          jsxEl('TabItem', { value: 'mac', label: 'macOS' }, [el('p', {}, [text('Mac steps.')])]),
          jsxEl('TabItem', { value: 'win', label: 'Windows', default: null }, [el('p', {}, [text('Windows steps.')])]),
        ]),
      ),
    );
    const island = html.querySelector('site-island')!;
    expect(island.getAttribute('data-name')).toBe('Tabs');
    expect(JSON.parse(island.getAttribute('data-props')!)).toEqual({ id: 'tabs-1', groupId: 'os', tabs: [{ value: 'mac', label: 'macOS' }, { value: 'win', label: 'Windows' }], selected: 'win' });
    expect(html.querySelectorAll('[role="tab"]').map((t) => `${t.text}:${t.getAttribute('aria-selected')}`)).toEqual(['macOS:false', 'Windows:true']);
    const panels = html.querySelectorAll('[role="tabpanel"]');
    expect(panels.map((p) => p.querySelector('site-slot')!.text)).toEqual(['Mac steps.', 'Windows steps.']);
    expect(panels.map((p) => p.hasAttribute('hidden'))).toEqual([true, false]);
  });

  it('renders a code block with its title, the code as a slot of the copy island', () => {
    const html = render(root(jsxEl('CodeBlock', { title: 'install.sh', language: 'bash' }, [el('pre', {}, [el('code', {}, [text('npm ci\n')])])])));
    expect(html.querySelector('.code-block__title')!.text).toBe('install.sh');
    const island = html.querySelectorAll('site-island').find((e) => e.getAttribute('data-name') === 'CodeBlockBody')!;
    expect(island.querySelector('site-slot')!.querySelector('pre code')!.text).toBe('npm ci\n');
    expect(island.querySelector('button.code-block__copy')!.text).toBe('Copy');
  });

  it("draws a string child the build could not highlight as plain code: a line each, whitespace kept, the language from its class", () => {
    const html = parse(renderContent(root(jsxEl('CodeBlock', { className: 'language-ts wide', showLineNumbers: null }, [text('let a;\n  let b;\n')])), { site, content: contentContext({ frontMatter: {}, toc: [], docCards: [] }) }), { blockTextElements: {} });
    const box = html.querySelector('.theme-code-block')!;
    expect(box.classList.value).toEqual(['theme-code-block', 'language-ts', 'wide']);
    const code = box.querySelector('site-slot > pre.code-block__pre > code')!;
    expect(code.classList.value).toEqual(['language-ts', 'line-numbers']);
    // One trailing newline dropped, as Docusaurus drops it.
    expect(code.querySelectorAll('.token-line').map((line) => line.text)).toEqual(['let a;\n', '  let b;']);
    expect(box.querySelector('p')).toBeNull();
  });

  it('gives h2–h6 their direct link, named after the heading text', () => {
    const html = render(root(el('h2', { id: 'set-up' }, [text('Set '), el('em', {}, [text('up')])])));
    const link = html.querySelector('h2#set-up a.hash-link')!;
    expect(link.getAttribute('href')).toBe('#set-up');
    expect(link.getAttribute('aria-label')).toBe('Direct link to Set up');
  });

  it('lists the page TOC nested by level in TOCInline', () => {
    const html = render(root(jsxEl('TOCInline', {})));
    expect(html.querySelector('.toc-inline > ul > li > a')!.getAttribute('href')).toBe('#a');
    expect(html.querySelector('.toc-inline > ul > li > ul > li > a')!.text).toBe('B');
  });

  it('lets a site replace a theme component by name', () => {
    const Mine = ({ children }: { children?: unknown }) => <aside className="mine">{children as never}</aside>;
    const html = render(root(jsxEl('Admonition', { type: 'tip' }, [el('p', {}, [text('x')])])), { Admonition: Mine });
    expect(html.querySelector('.theme-admonition')).toBeNull();
    expect(html.querySelector('aside.mine p')!.text).toBe('x');
  });
});
