import fs from 'node:fs';
import path from 'node:path';

const WORDS = 'payment wallet network address checkout invoice merchant confirm balance transfer callback signature token swap route ledger asset fee limit status'.split(' ');

/** Deterministic filler text (no randomness: runs are comparable). */
function prose(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 31 + i * 17 + (i >> 3)) % WORDS.length]!);
  out[0] = out[0]![0]!.toUpperCase() + out[0]!.slice(1);
  return `${out.join(' ')}.`;
}

/**
 * A Docusaurus-style site of `docs` pages: folders of 50 docs with `_category_.json`,
 * grouped ten folders to an area (as large sites nest their sidebars), each doc with
 * front matter, headings, a table, a code block, an admonition and links to its
 * neighbours (all valid), plus a small blog.
 */
export function writeSyntheticSite(dir: string, docs: number): void {
  fs.rmSync(dir, { recursive: true, force: true });
  const perFolder = 50;
  const folders = Math.ceil(docs / perFolder);
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
    for (let d = 0; d < perFolder && f * perFolder + d < docs; d++) {
      const n = f * perFolder + d;
      const next = d + 1 < perFolder && n + 1 < docs ? `[next page](./doc-${d + 1}.md#usage)` : '[first page](./doc-0.md)';
      const text = `---
title: Document ${n}
description: ${prose(n, 14)}
sidebar_position: ${d + 1}
---

${prose(n, 60)} See the ${next} and the [logo](/img/logo.svg).

## Overview

${prose(n + 1, 80)}

${prose(n + 2, 70)}

## Usage

1. ${prose(n + 3, 12)}
2. ${prose(n + 4, 12)}
3. ${prose(n + 5, 12)}

\`\`\`js title="example-${n}.js"
const client = createClient({ key: process.env.KEY });
const result = await client.payments.create({ amount: '${n}.00', currency: 'USDT' });
console.log(result.status);
\`\`\`

:::tip
${prose(n + 6, 25)}
:::

### Limits

| Name | Value |
| --- | --- |
| Minimum | ${n % 10} |
| Maximum | ${1000 + n} |

${prose(n + 7, 90)}
`;
      fs.writeFileSync(path.join(folder, `doc-${d}.md`), text);
    }
  }
  fs.writeFileSync(path.join(dir, 'docs/intro.md'), `---\nslug: /\ntitle: Synthetic docs\nsidebar_position: 0\n---\n\n${prose(1, 80)}\n`);
  fs.mkdirSync(path.join(dir, 'blog'), { recursive: true });
  for (let p = 0; p < 5; p++) {
    fs.writeFileSync(path.join(dir, `blog/2024-0${p + 1}-01-post-${p}.md`), `---\ntitle: Post ${p}\ntags: [news]\n---\n\n${prose(p, 40)}\n\n<!-- truncate -->\n\n${prose(p + 1, 200)}\n`);
  }
}
