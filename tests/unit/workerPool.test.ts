import { describe, expect, it } from 'vitest';
import { loadMarkdownInWorkers } from '../../cli/content/workerPool.ts';
import { loadDocument } from '../../cli/content/loadDocument.ts';
import type { SourceFile } from '../../cli/content/scan.ts';

/** Documents of different lengths, so threads finish their batches out of step. */
function sources(count: number): SourceFile[] {
  return Array.from({ length: count }, (_, i) => ({
    area: 'docs' as const,
    relPath: `page-${i}.md`,
    file: `docs/page-${i}.md`,
    text: `---\ntitle: Page ${i}\n---\n\n# Page ${i}\n\n${'Some words about paying. '.repeat(1 + ((i * 37) % 200))}\n\n[next](./page-${i + 1}.md)\n`,
  }));
}

describe('loading Markdown on every core', () => {
  it('gives every document, in input order, as the main thread alone would', async () => {
    const input = sources(83);
    const progress: number[] = [];
    const loaded = await loadMarkdownInWorkers(input, (done) => progress.push(done));
    expect(loaded).toHaveLength(input.length);
    expect(loaded.map((d) => d.title)).toEqual(input.map((_, i) => `Page ${i}`));
    // Structured clone keeps the document whole: the same as loading it here.
    expect(loaded[41]).toEqual(loadDocument(input[41]!));
    expect(progress.at(-1)).toBe(input.length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  }, 60_000);

  it("highlights code in the site's added Prism languages on the workers too, every batch in order", async () => {
    const input = sources(40).map((source, i) => ({ ...source, languages: ['scss'], text: `${source.text}\n\`\`\`scss\n.a { .b { color: red; } } // ${i}\n\`\`\`\n` }));
    const loaded = await loadMarkdownInWorkers(input);
    expect(loaded.map((d) => d.title)).toEqual(input.map((_, i) => `Page ${i}`));
    for (const doc of loaded) expect(JSON.stringify(doc.content)).toContain('"selector"');
  }, 60_000);

  it('finishes with fewer documents than a worker would take', async () => {
    const input = sources(3);
    const loaded = await loadMarkdownInWorkers(input);
    expect(loaded.map((d) => d.title)).toEqual(['Page 0', 'Page 1', 'Page 2']);
  });
});
