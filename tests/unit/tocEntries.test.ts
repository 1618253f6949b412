import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../cli/content/loadDocument.ts';

/**
 * The table of contents shows a heading as Docusaurus's does (its `toc` value is HTML):
 * inline code, emphasis, strong and strikethrough keep their tags, links give their text,
 * a badge written as an element keeps its tag and class; and nothing in an entry can run.
 */
const load = (text: string, format: 'md' | 'mdx' = 'md') => loadDocument({ area: 'docs', relPath: `t.${format}`, file: `docs/t.${format}`, text, format });

describe('table of contents entries', () => {
  it('keep inline code, emphasis, strong and strikethrough; a link gives its text; plain headings carry no markup', () => {
    const doc = load('# T\n\n## The `Provider` component\n\n## *Really* **bold** ~~old~~\n\n## See [the API](/api) & more\n\n## Plain <3 text\n');
    expect(doc.headings).toEqual([
      { id: 'the-provider-component', value: 'The Provider component', html: 'The <code>Provider</code> component', level: 2 },
      { id: 'really-bold-old', value: 'Really bold old', html: '<em>Really</em> <strong>bold</strong> <del>old</del>', level: 2 },
      { id: 'see-the-api--more', value: 'See the API & more', level: 2 },
      { id: 'plain-3-text', value: 'Plain <3 text', level: 2 },
    ]);
  });

  it("escape what code shows: an entry's code is text, not markup", () => {
    const [heading] = load('## Use `<script>alert(1)</script>` & `a<b`\n').headings;
    expect(heading!.html).toBe('Use <code>&lt;script&gt;alert(1)&lt;/script&gt;</code> &amp; <code>a&lt;b</code>');
  });

  it("keep a raw HTML badge's tag and class, and drop what could run or link", () => {
    const [badge, hostile] = load('## Hooks <span class="badge badge--new">new</span>\n\n## Bad <img src=x onerror="alert(1)"><a href="javascript:alert(2)">link</a><script>alert(3)</script> <b onclick="alert(4)" style="color:red">b</b>\n').headings;
    expect(badge!.html).toBe('Hooks <span class="badge badge--new">new</span>');
    expect(hostile!.html).toBe('Bad link <b>b</b>');
  });

  it("keep an MDX element's tag and class; a component becomes a span", () => {
    const [heading] = load('## Theming <Badge className="new">beta</Badge> <kbd>K</kbd>\n', 'mdx').headings;
    expect(heading!.html).toBe('Theming <span class="new">beta</span> <kbd>K</kbd>');
  });

  it("show emoji, and keep inline code's colons", () => {
    const [heading] = load('## Done :tada: `:tada:`\n').headings;
    expect(heading).toMatchObject({ id: 'done-tada-tada', value: 'Done 🎉 :tada:', html: 'Done 🎉 <code>:tada:</code>' });
  });
});
