/**
 * Rebuild figures for `npm run bench`: a build with its caches warm after one paragraph of
 * one doc was edited, as an author's save and a CI run on the next commit see it, and what
 * the synthetic corpus holds (so the figures can be read against a real site's).
 */
import fs from 'node:fs';
import path from 'node:path';

/** What a build run reports (bench/measureBuild.mjs). */
export interface BuildRun {
  ms: number;
  cpuMs: number;
  maxRssMiB: number;
}

/** The Markdown files under `dir`, in a stable order. */
function markdownFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      else if (/\.mdx?$/.test(e.name)) out.push(path.join(d, e.name));
    }
  };
  walk(dir);
  return out;
}

/** One line saying what a site's Markdown holds: files, words, vocabulary, headings, tables, code blocks, links. */
export function describeCorpus(siteDir: string): string {
  let words = 0;
  let headings = 0;
  let tables = 0;
  let fences = 0;
  let links = 0;
  let shortest = Infinity;
  let longest = 0;
  const vocabulary = new Set<string>();
  const files = markdownFiles(siteDir);
  for (const file of files) {
    const body = fs.readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
    const fileWords = body.match(/[A-Za-z][A-Za-z'-]*/g) ?? [];
    words += fileWords.length;
    shortest = Math.min(shortest, fileWords.length);
    longest = Math.max(longest, fileWords.length);
    for (const w of fileWords) vocabulary.add(w.toLowerCase());
    headings += body.match(/^#{1,6} /gm)?.length ?? 0;
    tables += body.match(/^\|? *:?-{3,}/gm)?.length ?? 0;
    fences += body.match(/^(```|~~~)/gm)?.length ?? 0;
    links += body.match(/\]\(/g)?.length ?? 0;
  }
  const n = (x: number) => x.toLocaleString('en-US');
  return `${n(files.length)} Markdown files, ${n(words)} words (${n(shortest)}–${n(longest)} a file), a vocabulary of ${n(vocabulary.size)} words, ${n(headings)} headings, ${n(tables)} tables, ${n(Math.floor(fences / 2))} code blocks, ${n(links)} links`;
}

/**
 * Edits one paragraph of a doc in the middle of the site: the first prose line after the
 * first `##` heading gets a sentence that differs for each `n`. Only that page's text
 * changes (not its title, headings or links).
 */
export function editParagraph(siteDir: string, n: number): string {
  const docs = markdownFiles(path.join(siteDir, 'docs'));
  const file = docs[Math.floor(docs.length / 2)]!;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const heading = lines.findIndex((l) => l.startsWith('## '));
  let at = -1;
  let fence = false;
  for (let i = heading + 1; i < lines.length; i++) {
    if (/^(```|~~~)/.test(lines[i]!)) fence = !fence;
    if (!fence && /^[A-Za-z]/.test(lines[i]!) && lines[i - 1] === '') {
      at = i;
      break;
    }
  }
  if (heading < 0 || at < 0) throw new Error(`No paragraph to edit in ${file}`);
  lines[at] = `${lines[at]!.replace(/ Edited \d+\.$/, '')} Edited ${n}.`;
  fs.writeFileSync(file, lines.join('\n'));
  return file;
}

/**
 * Rebuilds after one paragraph edit: one warm build first (it fills the document and build
 * caches; a `--no-cache` build keeps neither), then edit → build, `runs` + 1 times. The first
 * rebuild is apart: it has no spare yet (the build it replaces is kept as the next one's
 * folder, see cli/write/swap.ts), so it links every file into a new folder; the others are
 * an author's edit loop, and a CI run's whose cache keeps the spare.
 */
export function measureRebuilds(siteDir: string, runs: number, measure: (mode: 'warm') => BuildRun): { first: BuildRun; rebuilds: BuildRun[] } {
  measure('warm');
  editParagraph(siteDir, 0);
  const first = measure('warm');
  const rebuilds: BuildRun[] = [];
  for (let r = 1; r <= runs; r++) {
    editParagraph(siteDir, r);
    rebuilds.push(measure('warm'));
  }
  return { first, rebuilds };
}
