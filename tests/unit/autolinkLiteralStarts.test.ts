import { describe, expect, it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { parse, postprocess, preprocess } from 'micromark';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Construct, Event, Extension } from 'micromark-util-types';
import { random } from '../../bench/random.ts';

// The GFM autolink literal constructs as the package made them, copied before the
// processor's module wraps them (autolinkLiteralStarts.ts): the reference parser.
const LITERALS = ['emailAutolink', 'wwwAutolink', 'protocolAutolink'];
const originals = new Map<Construct, Construct>();
const collect = (extensions: unknown[]) => {
  for (const extension of extensions as (unknown[] | Extension)[]) {
    if (Array.isArray(extension)) collect(extension);
    else for (const list of Object.values(extension.text ?? {})) for (const c of [list].flat() as Construct[]) if (LITERALS.includes(c.name ?? '')) originals.set(c, { ...c });
  }
};
collect(unified().use(remarkParse).use(remarkGfm).freeze().data('micromarkExtensions') ?? []);
const { markdownProcessor, mdxProcessor } = await import('../../cli/content/markdown/processor.ts');

/** The processor's micromark extensions with the literal constructs as they were made. */
const unwrapped = (extensions: unknown[]): unknown[] =>
  extensions.map((extension) => {
    if (Array.isArray(extension)) return unwrapped(extension);
    const { text, ...rest } = extension as Extension;
    if (!text) return extension;
    const swap = (c: Construct) => originals.get(c) ?? c;
    return { ...rest, text: Object.fromEntries(Object.entries(text).map(([code, list]) => [code, Array.isArray(list) ? list.map(swap) : swap(list as Construct)])) };
  });

const events = (text: string, extensions: unknown[]) =>
  postprocess(parse({ extensions: extensions as Extension[] }).document().write(preprocess()(text, undefined, true))).map(
    ([kind, token]: Event) => `${kind} ${token.type} ${token.start.offset}-${token.end.offset}`,
  );

// Pieces that start, break and end literals: words, address characters, prefixes in both
// cases, brackets (a literal is not made inside an unbalanced one), tabs and line ends
// (where the text ahead is out of view), and the blocks text sits in.
const PIECES = ['a', 'word', 'h', 'http', 'HTTPS', '://', ':/', 'www', 'WwW', '.', '..', '@', 'x@y.z', 'mail', '+', '-', '_', '/', ' ', ' ', ' ', '\t', '\n', '\n\n', '[', ']', '](', ')', '(', '*', '~', '`', '<', '>', '> ', '- ', '| a | b |\n|---|---|\n| ', '# ', 'ex.com', 'co', '0', 'é', '\\', '!', ':', ';', '?'];

describe('autolink literal starts (autolinkLiteralStarts.ts)', () => {
  it('wraps the literal constructs of both processors', () => {
    expect(originals.size).toBe(3);
    for (const [wrapped, original] of originals) expect(wrapped.previous).not.toBe(original.previous);
  });

  it.each([
    ['Markdown', markdownProcessor],
    ['MDX', mdxProcessor],
  ])('%s: random text gives the same events and trees as the constructs alone', (_, processor) => {
    const next = random(processor === markdownProcessor ? 14 : 15);
    const ours = processor.data('micromarkExtensions') ?? [];
    const reference = unwrapped(ours);
    const mdastExtensions = processor.data('fromMarkdownExtensions') ?? [];
    let literals = 0;
    for (let i = 0; i < 1_000; i++) {
      const text = Array.from({ length: 1 + Math.floor(next() * 40) }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');
      // MDX refuses a stray '<' or '{': the same input must fail in both, with the same message.
      const run = <T,>(f: () => T): T | string => {
        try {
          return f();
        } catch (error) {
          return String(error);
        }
      };
      const expected = run(() => events(text, reference));
      expect(run(() => events(text, ours)), JSON.stringify(text)).toEqual(expected);
      if (typeof expected !== 'string' && expected.some((e) => e.includes('literalAutolink'))) literals++;
      const tree = (extensions: unknown[]) => run(() => JSON.stringify(fromMarkdown(text, { extensions: extensions as Extension[], mdastExtensions: mdastExtensions as never })));
      expect(tree(ours), JSON.stringify(text)).toBe(tree(reference));
    }
    // The inputs do make literals (of each kind, in the events), not only text around them.
    expect(literals).toBeGreaterThan(100);
  });
});
