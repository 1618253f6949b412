import type { PageSection } from '../../runtime/search/searchPage.ts';

// A start tag, an end tag, a comment, or text. The HTML comes from hast-util-to-html
// (well formed, attribute values quoted), so a tokenizer is enough; no DOM is needed.
const TOKEN_RE = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>|([^<]+)/g;
const ID_RE = /\sid="([^"]*)"/;
const CLASS_RE = /\sclass="([^"]*)"/;

/** Elements whose text is not prose: code blocks (indexed not at all), widgets, labels. */
const SKIPPED_CLASSES = ['theme-code-block', 'admonition-heading', 'tabs', 'hash-link'];
const SKIPPED_TAGS = new Set(['script', 'style', 'svg', 'button', 'template']);
const VOID_TAGS = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'source', 'wbr', 'col', 'area', 'base', 'embed', 'track']);
/** Ends of these separate words ("<li>a</li><li>b</li>" is "a b", not "ab"). */
const BLOCK_TAGS = new Set(['p', 'li', 'td', 'th', 'tr', 'div', 'br', 'dt', 'dd', 'blockquote', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'figcaption', 'summary', 'details', 'table', 'ul', 'ol']);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the entities hast-util-to-html writes (named basics and numeric references). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

const clean = (s: string) => s.replace(/[\s\u200b]+/g, ' ').trim();

/**
 * Splits rendered content into sections at its `h2` and `h3` headings, as DocSearch's
 * crawler does. Deeper headings stay in their section's text. Code blocks, tab labels,
 * admonition labels and heading hash links are left out: they are not what readers
 * search for, and code would dominate the index's size.
 */
export function htmlSections(html: string): PageSection[] {
  const sections: PageSection[] = [];
  let current: PageSection = { level: 1, anchor: null, heading: null, text: '' };
  let parts: string[] = [];
  let heading: { level: 2 | 3; anchor: string | null; parts: string[] } | null = null;
  // Open elements, so a skipped element is left at its own end tag.
  const stack: { tag: string; skip: boolean }[] = [];
  let skipping = 0;

  const finish = () => {
    current.text = clean(parts.join(''));
    if (current.text || current.heading !== null) sections.push(current);
    parts = [];
  };

  for (const match of html.matchAll(TOKEN_RE)) {
    const [whole, close, rawTag, attrs = '', text] = match;
    if (text !== undefined) {
      if (skipping > 0) continue;
      (heading ? heading.parts : parts).push(decodeEntities(text));
      continue;
    }
    if (!rawTag || whole.startsWith('<!--')) continue;
    const tag = rawTag.toLowerCase();
    if (close) {
      // Pop to the matching open element (tolerates stray end tags).
      const at = stack.map((e) => e.tag).lastIndexOf(tag);
      if (at === -1) continue;
      for (const entry of stack.splice(at)) if (entry.skip) skipping--;
      if (heading && (tag === 'h2' || tag === 'h3')) {
        finish();
        current = { level: heading.level, anchor: heading.anchor, heading: clean(heading.parts.join('')), text: '' };
        heading = null;
      } else if (BLOCK_TAGS.has(tag) && skipping === 0) {
        (heading ? heading.parts : parts).push(' ');
      }
      continue;
    }
    if (VOID_TAGS.has(tag) || whole.endsWith('/>')) {
      if (tag === 'br') parts.push(' ');
      continue;
    }
    const classes = CLASS_RE.exec(attrs)?.[1]?.split(/\s+/) ?? [];
    const skip = SKIPPED_TAGS.has(tag) || classes.some((c) => SKIPPED_CLASSES.includes(c));
    stack.push({ tag, skip });
    if (skip) skipping++;
    if (skipping === 0 && (tag === 'h2' || tag === 'h3')) {
      heading = { level: tag === 'h2' ? 2 : 3, anchor: ID_RE.exec(attrs)?.[1] ?? null, parts: [] };
    } else if (skipping === 0 && BLOCK_TAGS.has(tag)) {
      (heading ? heading.parts : parts).push(' ');
    }
  }
  finish();
  return sections;
}
