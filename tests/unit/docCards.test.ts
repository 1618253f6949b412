import { describe, expect, it } from 'vitest';
import { loadDocument, type LoadedDocument } from '../../cli/content/loadDocument.ts';
import { mayShowDocCards } from '../../cli/render/pageInputs.ts';
import { sourceFiles } from '../helpers/memorySite.ts';

/**
 * Whether a doc may show its category's cards (then its fingerprint counts the listed
 * pages' descriptions) is answered from what loading read of its content, not from its
 * tree: a build with a build cache asks it of every doc, and a big site's trees are parsed
 * at each read.
 */

const CASES: [name: string, body: string, shows: boolean][] = [
  ['plain Markdown', 'Some *text* and a [link](https://example.com).', false],
  ['the theme components that never read cards', '<Tabs>\n<TabItem value="a" label="A">\n\nIn a tab.\n\n</TabItem>\n</Tabs>\n\n<details>\n<summary>More</summary>\n\nHidden.\n\n</details>', false],
  ['DocCardList', 'The pages:\n\n<DocCardList />', true],
  ['an expression', 'Titled {frontMatter.title}.', true],
  ['an attribute holding an expression', '<Tabs groupId={"pm"}>\n<TabItem value="a">x</TabItem>\n</Tabs>', true],
  ['a fragment', '<>Inside a fragment</>', true],
  ['an import', "import DocCardList from '@theme/DocCardList';\n\nText.", true],
];

function loaded(body: string): LoadedDocument {
  const [source] = sourceFiles({ 'docs/page.mdx': `---\ntitle: Page\n---\n\n${body}\n` });
  return loadDocument({ ...source!, format: 'mdx' });
}

/** `doc` with a tree that cannot be read: an answer must come without it. */
function withoutTree(doc: LoadedDocument): LoadedDocument {
  return Object.defineProperty({ ...doc }, 'content', {
    get() {
      throw new Error('the tree was read');
    },
  });
}

describe('whether a doc may show its category cards', () => {
  for (const [name, body, shows] of CASES) {
    it(`is ${shows} for ${name}, as loading read it, without its tree`, () => {
      const doc = loaded(body);
      expect(doc.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(mayShowDocCards(withoutTree(doc))).toBe(shows);
      // The same answer read from the tree, as for a document made otherwise.
      expect(mayShowDocCards({ ...doc, jsx: undefined })).toBe(shows);
    });
  }
});
