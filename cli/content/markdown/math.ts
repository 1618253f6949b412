import path from 'node:path';
import { createRequire } from 'node:module';
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import type { VFile } from 'vfile';
import { katexHast } from './katexHast.ts';
import { catalog } from '../../errors/catalog.ts';
import { toString } from 'hast-util-to-string';
import type { KatexOptions } from 'katex';
import type { MathOptions } from '../scan.ts';
import { PACKAGE_ROOT } from '../../paths.ts';

declare module 'vfile' {
  interface DataMap {
    /** markdown.math's options: set for a site with math (then `math` nodes are typeset). */
    math: MathOptions;
    /** How many nodes the page's formulas may add to its tree (markdown.maxNodes less the Markdown's own); unlimited when unset. */
    mathNodeBudget: number;
  }
}

type Katex = typeof import('katex').default;
let katexModule: Katex | undefined;
/**
 * KaTeX, loaded the first time a file has math: 270 KB of code no other site needs at
 * start-up. CommonJS through require, as this step runs inside a synchronous pipeline.
 */
function katex(): Katex {
  return (katexModule ??= createRequire(path.join(PACKAGE_ROOT, 'package.json'))('katex') as Katex);
}

/**
 * The longest formula typeset, in characters of TeX. KaTeX takes about 35 µs a character
 * (0.35 s at this length); the longest formulas of real pages have a few hundred. Longer
 * is nearly always a `$$` or `$` left open, which takes the rest of the page with it.
 */
export const MAX_FORMULA_LENGTH = 10_000;

/** The class remark-math's nodes (and a ```` ```math ```` block) carry into hast. */
const MATH_CLASS = 'language-math';

function classesOf(node: Element): string[] {
  const value: unknown = node.properties.className;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/) : [];
}

/**
 * Typesets the page's math with KaTeX, as rehype-katex does for Docusaurus: an inline
 * `code.language-math` becomes KaTeX's `span.katex`, a display block's `pre` its
 * `span.katex-display`. Our own step rather than rehype-katex: its options come per file
 * (each thread builds its pipeline once, for every site), and what KaTeX finds wrong is a
 * warning at the formula's line, with KaTeX's own reason, not console output or one
 * sentence for every cause. A formula KaTeX cannot read is drawn as its source in
 * KaTeX's error colour, as in Docusaurus, and the build goes on.
 */
export function rehypeMath() {
  return (tree: HastRoot, file: VFile) => {
    const options = file.data.math;
    if (!options) return;
    // A formula is dozens of elements: typeset past the page's node budget, thousands of them take seconds.
    let budget = file.data.mathNodeBudget ?? Infinity;
    let over = false;
    const visit = (parent: HastRoot | Element) => {
      for (let i = 0; i < parent.children.length && !over; i++) {
        const child = parent.children[i]!;
        if (child.type !== 'element') continue;
        const math = mathOf(child);
        if (!math) {
          visit(child);
          continue;
        }
        if (math.tex.length > MAX_FORMULA_LENGTH) {
          const place = child.position?.start;
          (file.data.problems ??= []).push({ severity: 'warning', file: file.path, line: place?.line ?? 1, column: place?.column ?? 1, ...catalog.mathFormulaTooLong(math.tex.length, MAX_FORMULA_LENGTH, math.display) });
          continue;
        }
        const rendered = typeset(math.tex, math.display, options.katex as KatexOptions, file, child);
        if (!rendered) continue;
        budget -= countNodes(rendered);
        if (budget < 0) {
          over = true;
          const place = child.position?.start;
          (file.data.problems ??= []).push({ severity: 'error', file: file.path, line: place?.line ?? 1, column: place?.column ?? 1, ...catalog.mathTooLarge(file.data.mathNodeBudget!) });
          return;
        }
        parent.children.splice(i, 1, ...(rendered as RootContent[] & ElementContent[]));
        i += rendered.length - 1;
      }
    };
    visit(tree);
  };
}

function countNodes(nodes: ElementContent[]): number {
  let n = nodes.length;
  for (const node of nodes) if (node.type === 'element') n += countNodes(node.children);
  return n;
}

/** The TeX of a math element, and whether it is a display block (`pre > code.language-math`) or inline (`code.language-math`). */
function mathOf(node: Element): { tex: string; display: boolean } | undefined {
  if (node.tagName === 'pre' && node.children.length === 1) {
    const code = node.children[0]!;
    if (code.type === 'element' && code.tagName === 'code' && classesOf(code).includes(MATH_CLASS)) return { tex: toString(code), display: true };
  }
  if (node.tagName === 'code' && classesOf(node).includes(MATH_CLASS)) {
    return { tex: toString(node), display: classesOf(node).includes('math-display') };
  }
  return undefined;
}

/** KaTeX's HTML for one formula, as hast; problems become messages at the formula's place. */
function typeset(tex: string, display: boolean, configured: KatexOptions, file: VFile, node: Element): ElementContent[] | undefined {
  const place = node.position;
  const warn = (reason: string) => {
    const message = file.message(reason, { place, ruleId: 'katex', source: 'markdown-math' });
    message.fatal = false;
  };
  // KaTeX's strict mode 'warn' (its default) writes to the console: here each is a warning at the formula.
  const strictSetting = configured.strict ?? 'warn';
  const strict: KatexOptions['strict'] =
    typeof strictSetting === 'string' || typeof strictSetting === 'boolean'
      ? (code: string, message: string) => {
          if (strictSetting === 'warn') {
            warn(`KaTeX: ${message} (${code}); the formula is drawn, but LaTeX would not accept it. Write it as LaTeX would, or set markdown.math.katex.strict to 'ignore'.`);
            return 'ignore';
          }
          return strictSetting === true ? 'error' : strictSetting;
        }
      : strictSetting;
  let html: string;
  try {
    html = katex().renderToString(tex, { ...configured, displayMode: display, throwOnError: true, strict });
  } catch (error) {
    const reason = error instanceof RangeError ? 'the formula nests too deeply to draw' : (error as Error).message.replace(/^KaTeX parse error: /, '');
    warn(`This formula is not valid TeX, so it is shown as written: ${reason}. Correct the formula (KaTeX supports most of LaTeX's math: https://katex.org/docs/supported).`);
    try {
      html = katex().renderToString(tex, { ...configured, displayMode: display, throwOnError: false, strict: 'ignore' });
    } catch {
      // A formula KaTeX cannot even show as an error (nesting past the stack): left as the code it was.
      return undefined;
    }
  }
  return katexHast(html);
}
