import fs from 'node:fs';
import path from 'node:path';
import type { Root, Code, Table } from 'mdast';
import { load as loadYaml } from 'js-yaml';
import { markdownProcessor } from '../../cli/content/markdown/processor.ts';
import { parseFrontMatter } from '../../cli/content/frontMatter.ts';
import { walk, type AnyNode } from '../../cli/content/markdown/walk.ts';
import { ROOT } from '../helpers/cli.ts';

export interface ContentPage {
  /** Path relative to the repository. */
  file: string;
  text: string;
  frontMatter: Record<string, unknown>;
  bodyLineOffset: number;
  mdast: Root;
}

/** Every Markdown page of the site (docs and blog), parsed once. */
export function contentPages(): ContentPage[] {
  const out: ContentPage[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) visit(rel);
      else if (entry.name.endsWith('.md')) {
        const text = fs.readFileSync(path.join(ROOT, rel), 'utf8');
        const fm = parseFrontMatter(text, rel);
        out.push({ file: rel, text, frontMatter: fm.data, bodyLineOffset: fm.bodyLineOffset, mdast: markdownProcessor.parse(fm.body) as Root });
      }
    }
  };
  visit('content/docs');
  visit('content/blog');
  return out;
}

/** Fenced code blocks with their file line. */
export function codeBlocks(page: ContentPage): { lang: string; value: string; line: number }[] {
  const blocks: { lang: string; value: string; line: number }[] = [];
  walk(page.mdast as unknown as AnyNode, (node) => {
    if (node.type === 'code') {
      const code = node as unknown as Code;
      blocks.push({ lang: (code.lang ?? '').toLowerCase(), value: code.value, line: (code.position?.start.line ?? 0) + page.bodyLineOffset });
    }
  });
  return blocks;
}

/** GFM tables as arrays of rows of plain-text cells (header first). */
export function tables(page: ContentPage): string[][][] {
  const out: string[][][] = [];
  const text = (node: AnyNode): string =>
    node.type === 'text' || node.type === 'inlineCode' ? String(node.value) : (node.children ?? []).map(text).join('');
  walk(page.mdast as unknown as AnyNode, (node) => {
    if (node.type !== 'table') return;
    out.push((node as unknown as Table).children.map((row) => row.children.map((cell) => text(cell as unknown as AnyNode).trim())));
    return false;
  });
  return out;
}

export interface NetworkFacts {
  id: string;
  display_name: string;
  short_name: string;
  native_asset: string;
  decimals: number;
  confirmations: number;
  explorer_name: string;
  memo_required: boolean;
  nft_supported: boolean;
  swap_supported: boolean;
  min_deposit_native: string;
  withdrawal_fee_native: string;
  added_in: string;
  tokens?: { symbol: string; decimals: number; contract: string }[];
}

export interface Facts {
  api: { base_url: string; sandbox_base_url: string; endpoints: Record<string, { method: string; path: string }[]> };
  networks: { count: number; ids: string[]; list: NetworkFacts[] };
  releases: { version: string; date: string }[] | Record<string, unknown>;
}

export function facts(): Facts {
  return loadYaml(fs.readFileSync(path.join(ROOT, 'content/facts/facts.yml'), 'utf8')) as Facts;
}
