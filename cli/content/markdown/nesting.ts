import { walk, type AnyNode } from './walk.ts';

/** Deeper than this, nesting is a mistake (no reader follows 100 levels) and is refused. */
export const MAX_NESTING = 100;

/** Where the source nests too deep, and in what. */
export interface NestingProblem {
  /** 1-based, in the text given. */
  line: number;
  column: number;
  what: string;
}

const FENCE_RE = /^ *(`{3,}|~{3,})/;
const THEMATIC_BREAK_RE = /^ {0,3}([-*_])( *\1){2,} *$/;
const LIST_MARKER_RE = /^([-*+]|\d{1,9}[.)])(?=[ \t]|$)/;
const VOID_TAGS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
// Closed by the next sibling in HTML, so a run of them does not nest.
const SELF_ENDING_TAGS = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'option', 'optgroup', 'thead', 'tbody', 'tfoot', 'colgroup', 'rb', 'rt', 'rp']);
const TAG_RE = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?=[\s/>])[^>]*?(\/?)>/g;
const EMPHASIS_RUN_RE = /[*_~]{201,}/;

/**
 * A cheap look at the source, before the parser sees it, for nesting no page needs:
 * lists, block quotes, HTML elements or emphasis markers more than MAX_NESTING deep.
 * The Markdown parser and the tree tools after it (mdast → hast → HTML → React) recurse
 * once per level: 10,000 nested list items took a minute to end in "Maximum call stack
 * size exceeded". One pass over the lines, linear in the text; it errs towards counting
 * too little (lazy lines, lists inside quotes), never too much, so real pages pass.
 */
export function findDeepNesting(text: string): NestingProblem | undefined {
  const lines = text.split('\n');
  // Content columns of the open list items, innermost last.
  const items: number[] = [];
  let fence: string | undefined;
  let htmlDepth = 0;
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l]!;
    const fenceMatch = FENCE_RE.exec(line.replace(/^[ >]*(?:(?:[-*+]|\d{1,9}[.)]) +)*/, ''));
    if (fence) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length) fence = undefined;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      continue;
    }
    if (line.trim() === '' || THEMATIC_BREAK_RE.test(line)) continue;

    // Block containers opened at the start of this line.
    let pos = line.length - line.trimStart().length;
    let quotes = 0;
    let first = true;
    while (pos < line.length) {
      if (line[pos] === '>') {
        if (++quotes + items.length > MAX_NESTING) return { line: l + 1, column: pos + 1, what: 'lists and block quotes' };
        pos++;
        if (line[pos] === ' ') pos++;
        continue;
      }
      const marker = LIST_MARKER_RE.exec(line.slice(pos, pos + 11));
      if (!marker) break;
      if (first) {
        // An item at this column closes the items whose content starts further right.
        while (items.length > 0 && items[items.length - 1]! > pos) items.pop();
        if (pos >= (items[items.length - 1] ?? 0) + 4) break; // indented code, not an item
      }
      first = false;
      const markerAt = pos;
      pos += marker[0].length;
      while (line[pos] === ' ' || line[pos] === '\t') pos++;
      items.push(pos);
      if (items.length + quotes > MAX_NESTING) return { line: l + 1, column: markerAt + 1, what: 'lists and block quotes' };
    }
    if (first && quotes === 0) {
      const indent = line.length - line.trimStart().length;
      while (items.length > 0 && items[items.length - 1]! > indent) items.pop();
    }
    const emphasis = EMPHASIS_RUN_RE.exec(line);
    if (emphasis) return { line: l + 1, column: emphasis.index + 1, what: 'emphasis markers (* _ ~)' };

    // HTML elements, outside inline code. Only up to the line's last '>': a tag after it
    // cannot end, and each unended one would scan the rest of the line (a line of 80,000
    // '<a ' took 10 s).
    const html = line.replace(/`[^`]*`/g, (s) => ' '.repeat(s.length));
    for (const tag of html.slice(0, html.lastIndexOf('>') + 1).matchAll(TAG_RE)) {
      const name = tag[2]!.toLowerCase();
      if (VOID_TAGS.has(name) || SELF_ENDING_TAGS.has(name) || tag[3]) continue;
      if (tag[1]) htmlDepth = Math.max(0, htmlDepth - 1);
      else if (++htmlDepth > MAX_NESTING) return { line: l + 1, column: tag.index + 1, what: 'HTML elements' };
    }
  }
  return undefined;
}

/**
 * How many nodes a parsed tree has (its root aside), and the first node that sits more
 * than `limit` levels deep (then the count stops there), counting the nodes that nest in
 * what an author writes (lists, quotes, emphasis, links, elements; not list items or
 * paragraphs). Iterative, so it cannot itself overflow the stack. A backstop for nesting
 * the source check cannot see (emphasis with text between); the count, for
 * markdown.maxNodes, on the same walk.
 */
export function treeShape(tree: AnyNode, limit = MAX_NESTING): { nodes: number; tooDeep?: AnyNode } {
  const stack: [AnyNode, number][] = [[tree, 0]];
  let nodes = -1;
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    nodes++;
    const level = node.type === 'listItem' || node.type === 'paragraph' || node.type === 'root' ? depth : depth + 1;
    if (level > limit) return { nodes, tooDeep: node };
    for (const child of node.children ?? []) stack.push([child, level]);
  }
  return { nodes };
}

/** The `n`-th node of a tree in reading order (parents before children; its root aside), if it has that many. */
export function nthNode(tree: AnyNode, n: number): AnyNode | undefined {
  let count = 0;
  let found: AnyNode | undefined;
  walk(tree, (node) => {
    if (++count === n) found = node;
    return found === undefined;
  });
  return found;
}
