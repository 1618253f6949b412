import { describe, expect, it } from 'vitest';
import { toString } from 'hast-util-to-string';
import { loadDocument } from '../../cli/content/loadDocument.ts';
import { cacheKey } from '../../cli/content/loadContent.ts';
import { mapDocusaurusConfig } from '../../cli/config/docusaurus/mapConfig.ts';
import { resolveConfig } from '../../cli/config/resolve.ts';

/** `:shortcode:` emoji, as Docusaurus's markdown.emoji (remark-emoji, on by default) makes them. */

const page = '# Emoji\n\nShip it :rocket: and :+1:, not `:rocket:`, :notanemoji: or 10:30:00.\n\n## Done :tada:\n\n- :white_check_mark: tested\n\n```\n:rocket:\n```\n';
const load = (emoji: boolean, text = page) => loadDocument({ area: 'docs', relPath: 'e.md', file: 'docs/e.md', text, format: 'md', ...(emoji ? {} : { emoji: false as const }) });

describe('emoji shortcodes', () => {
  it('become their emoji in text, lists and headings; code, unknown names and times keep their colons', () => {
    const text = toString(load(true).content as never);
    expect(text).toContain('Ship it 🚀 and 👍, not :rocket:, :notanemoji: or 10:30:00.');
    expect(text).toContain('Done 🎉');
    expect(text).toContain('✅ tested');
    // The code block's text.
    expect(text.match(/:rocket:/g)).toHaveLength(2);
  });

  it("keep the heading's anchor made from the shortcode, as Docusaurus's; its entry in the table of contents shows the emoji", () => {
    const doc = load(true);
    expect(doc.headings).toEqual([{ id: 'done-tada', value: 'Done 🎉', level: 2 }]);
    expect(doc.ids).toContain('done-tada');
  });

  it('stay as written when markdown.emoji is off, and make another content key', () => {
    const doc = load(false);
    expect(toString(doc.content as never)).toContain('Ship it :rocket: and :+1:');
    expect(doc.headings).toEqual([{ id: 'done-tada', value: 'Done :tada:', level: 2 }]);
    const source = { area: 'docs' as const, relPath: 'e.md', file: 'docs/e.md', text: page, format: 'md' as const };
    expect(cacheKey({ ...source, emoji: false })).not.toBe(cacheKey(source));
  });

  it("are on by default, as in Docusaurus, and a Docusaurus config's markdown.emoji turns them off", () => {
    const resolved = resolveConfig({ title: 'T', url: 'https://t.example' }, { siteDir: '/site', configFile: null });
    expect(resolved.ok && resolved.config.markdown.emoji).toBe(true);
    const mapped = mapDocusaurusConfig({ title: 'T', url: 'https://t.example', baseUrl: '/', markdown: { emoji: false } }, 'docusaurus.config.js');
    expect(mapped.input.markdown).toEqual({ format: 'mdx', emoji: false });
    expect(mapped.warnings).toEqual([]);
  });
});
