import fs from 'node:fs';
import path from 'node:path';
import { random } from './random.ts';

/**
 * Domain words placed at spread ranks of the vocabulary (the first is the most frequent
 * content word, the last is rare), so the benchmark's queries meet common and rare terms.
 */
const DOMAIN_WORDS = 'payment wallet network address checkout invoice merchant confirm balance transfer callback signature token swap route ledger asset fee limit status'.split(' ');
/** Generated content words; with the domain words, the vocabulary pages draw from. */
const GENERATED_WORDS = 6000;
/** Zipf's exponent: word of rank r is drawn with probability ∝ 1 / r^s (English prose is close to 1). */
const ZIPF_S = 1.05;
/** Function words (the search's stop words among them) make up about this share of prose, as in English. */
const FUNCTION_SHARE = 0.4;
const FUNCTION_WORDS = 'the of and to a in is that for it as with on be by this are or from at an can which when not your you if its all will have more than each then one use'.split(' ');
const PAGE_WORDS = { min: 300, max: 2000 };


/** The vocabulary by rank: generated pronounceable words, the domain words at ranks 1.5^i. */
function vocabulary(): string[] {
  const onsets = ['b', 'c', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z', 'br', 'st', 'tr', 'pl', 'gr', 'sh', 'ch'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'a', 'e', 'i', 'o', 'ea', 'io'];
  const codas = ['', '', '', 'n', 'r', 'l', 's', 'x', 'nd', 'rt'];
  const rng = random(20_240);
  const seen = new Set(DOMAIN_WORDS);
  const words: string[] = [];
  while (words.length < GENERATED_WORDS) {
    // Frequent words are short, as in any language: one or two syllables, rare ones up to four.
    const syllables = 1 + Math.floor(rng() * (words.length < 300 ? 2 : 3)) + (words.length > 400 ? 1 : 0);
    let word = '';
    for (let s = 0; s < syllables; s++) word += onsets[Math.floor(rng() * onsets.length)]! + vowels[Math.floor(rng() * vowels.length)]!;
    word += codas[Math.floor(rng() * codas.length)]!;
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  DOMAIN_WORDS.forEach((word, i) => words.splice(Math.floor(1.5 ** i) + i - 1, 0, word));
  return words;
}

const VOCABULARY = vocabulary();
/** Cumulative Zipf weights of the vocabulary, for drawing a word by binary search. */
const CUMULATIVE = (() => {
  const out = new Float64Array(VOCABULARY.length);
  let sum = 0;
  VOCABULARY.forEach((_, r) => (out[r] = sum += 1 / (r + 1) ** ZIPF_S));
  return out.map((x) => x / sum);
})();

function zipfWord(rng: () => number): string {
  const x = rng();
  let low = 0;
  let high = CUMULATIVE.length - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (CUMULATIVE[mid]! < x) low = mid + 1;
    else high = mid;
  }
  return VOCABULARY[low]!;
}

/** What the generator writes, for the benchmark's output. */
export const SYNTHETIC_CONTENTS =
  `pages of ${PAGE_WORDS.min}–${PAGE_WORDS.max} words (log-uniform) drawn from a Zipf (s=${ZIPF_S}) vocabulary of ` +
  `${VOCABULARY.length.toLocaleString('en-US')} generated words (the domain words 'payment'…'status' at ranks 1…2,200) and ${FUNCTION_SHARE * 100} % function words; ` +
  'each with front matter, h2/h3 headings, bullet and numbered lists, tables, code blocks, admonitions, inline code and 3–6 links to other pages';

/** A generator of one page's prose and elements. */
function writer(rng: () => number) {
  let count = 0;
  const word = () => (rng() < FUNCTION_SHARE ? FUNCTION_WORDS[Math.floor(rng() * FUNCTION_WORDS.length)]! : zipfWord(rng));
  const phrase = (n: number) => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(zipfWord(rng));
    count += n;
    return out.join(' ');
  };
  const sentence = (n: number) => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(word());
    if (n > 6 && rng() < 0.2) out[Math.floor(rng() * n)] = `\`${zipfWord(rng)}\``;
    if (n > 6 && rng() < 0.15) out[Math.floor(rng() * n)] = `**${zipfWord(rng)}**`;
    count += n;
    out[0] = out[0]![0]!.toUpperCase() + out[0]!.slice(1);
    return `${out.join(' ')}.`;
  };
  const paragraph = (n: number) => {
    const out: string[] = [];
    for (let left = n; left > 0; ) {
      const length = Math.min(left, 6 + Math.floor(rng() * 18));
      out.push(sentence(length));
      left -= length;
    }
    return out.join(' ');
  };
  return { phrase, sentence, paragraph, words: () => count, pick: <T>(xs: T[]) => xs[Math.floor(rng() * xs.length)]! };
}

const titleCase = (text: string) => text.replace(/\b\w/g, (c) => c.toUpperCase());

/** Where doc `n` lives: area, section folder, file. */
const docPath = (n: number) => ({ area: Math.floor(n / 500), folder: Math.floor(n / 50), file: `doc-${n % 50}` });

/** A page's Markdown: front matter, then sections with varied elements until it has its words. */
function docText(n: number, docs: number): string {
  const rng = random(n + 1);
  const w = writer(rng);
  const target = Math.round(PAGE_WORDS.min * (PAGE_WORDS.max / PAGE_WORDS.min) ** rng());
  const here = docPath(n);
  const link = (m: number, anchor = '') => {
    const there = docPath(m);
    const rel = there.folder === here.folder ? `./${there.file}.md` : `../../area-${there.area}/section-${there.folder}/${there.file}.md`;
    return `[${w.phrase(2)}](${rel}${anchor})`;
  };
  const other = () => Math.floor(rng() * docs);
  const next = n % 50 < 49 && n + 1 < docs ? link(n + 1, '#usage') : link(n - (n % 50));
  const parts: string[] = [
    `---\ntitle: Document ${n} ${titleCase(w.phrase(2 + Math.floor(rng() * 3)))}\ndescription: ${w.sentence(14).replace(/[`*]/g, '')}\nsidebar_position: ${(n % 50) + 1}\nkeywords: [${w.phrase(3).split(' ').join(', ')}]\n---`,
    `${w.paragraph(40 + Math.floor(rng() * 60))} See ${next}, ${link(other())} and the [logo](/img/logo.svg).`,
    '## Overview',
    w.paragraph(50 + Math.floor(rng() * 80)),
    '## Usage',
    `1. ${w.sentence(10)}\n2. ${w.sentence(12)} See ${link(other())}.\n3. ${w.sentence(9)}`,
  ];
  const elements = [
    () => `- ${w.sentence(8)}\n- ${w.sentence(11)}\n- ${w.sentence(6)}\n- ${w.sentence(9)}`,
    () => {
      const rows = 2 + Math.floor(rng() * 4);
      const table = ['| Name | Value | Notes |', '| --- | --- | --- |'];
      for (let r = 0; r < rows; r++) table.push(`| ${w.phrase(1)} | ${Math.floor(rng() * 10_000)} | ${w.phrase(4)} |`);
      return table.join('\n');
    },
    () => `\`\`\`js title="${w.phrase(1)}-${n}.js"\nconst client = createClient({ key: process.env.KEY });\nconst result = await client.${w.phrase(1)}.create({ amount: '${n}.00', note: '${w.phrase(2)}' });\nconsole.log(result.status);\n\`\`\``,
    () => `\`\`\`bash\ncurl -X POST https://api.example/v1/${w.phrase(1)} -d '{"id": ${n}}'\n\`\`\``,
    () => `:::${w.pick(['tip', 'note', 'warning', 'info'])}\n${w.paragraph(15 + Math.floor(rng() * 20))}\n:::`,
    () => `${w.paragraph(30 + Math.floor(rng() * 60))} Read ${link(other())} first.`,
  ];
  while (w.words() < target) {
    parts.push(`${rng() < 0.3 ? '###' : '##'} ${titleCase(w.phrase(1 + Math.floor(rng() * 4)))}`);
    parts.push(w.paragraph(30 + Math.floor(rng() * 120)));
    if (rng() < 0.7) parts.push(w.pick(elements)());
  }
  return `${parts.join('\n\n')}\n`;
}

/**
 * A Docusaurus-style site of `docs` pages: folders of 50 docs with `_category_.json`,
 * grouped ten folders to an area (as large sites nest their sidebars), each doc as
 * `SYNTHETIC_CONTENTS` says (links all valid; every doc has `## Overview` and `## Usage`),
 * plus a small blog. Deterministic: the same size always gives the same files.
 */
export function writeSyntheticSite(dir: string, docs: number): void {
  fs.rmSync(dir, { recursive: true, force: true });
  const folders = Math.ceil(docs / 50);
  fs.mkdirSync(path.join(dir, 'static/img'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'static/img/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><title>Logo</title></svg>');
  fs.writeFileSync(
    path.join(dir, 'site.config.ts'),
    `export default { title: 'Synthetic', url: 'https://synthetic.example', trailingSlash: true, navbar: { items: [{ label: 'Blog', to: '/blog/' }] } };\n`,
  );
  for (let f = 0; f < folders; f++) {
    const area = Math.floor(f / 10);
    const areaDir = path.join(dir, 'docs', `area-${area}`);
    if (f % 10 === 0) {
      fs.mkdirSync(areaDir, { recursive: true });
      fs.writeFileSync(path.join(areaDir, '_category_.json'), JSON.stringify({ label: `Area ${area}`, position: area + 1 }));
    }
    const folder = path.join(areaDir, `section-${f}`);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, '_category_.json'), JSON.stringify({ label: `Section ${f}`, position: f + 1, link: { type: 'generated-index' } }));
    for (let n = f * 50; n < Math.min(docs, (f + 1) * 50); n++) fs.writeFileSync(path.join(folder, `${docPath(n).file}.md`), docText(n, docs));
  }
  const intro = writer(random(0));
  fs.writeFileSync(path.join(dir, 'docs/intro.md'), `---\nslug: /\ntitle: Synthetic docs\nsidebar_position: 0\n---\n\n${intro.paragraph(80)}\n`);
  fs.mkdirSync(path.join(dir, 'blog'), { recursive: true });
  for (let p = 0; p < 5; p++) {
    const post = writer(random(1_000_000 + p));
    fs.writeFileSync(path.join(dir, `blog/2024-0${p + 1}-01-post-${p}.md`), `---\ntitle: Post ${p}\ntags: [news]\n---\n\n${post.paragraph(40)}\n\n<!-- truncate -->\n\n${post.paragraph(200)}\n`);
  }
}
