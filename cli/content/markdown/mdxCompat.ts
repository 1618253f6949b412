/**
 * What Docusaurus does to MDX text before parsing it, so content written for it parses the
 * same here (docusaurus-mdx-loader's preprocessor, with mdx1Compat on as by default):
 * - a ```` ```mdx-code-block ```` fence is unwrapped: its content is live MDX;
 * - `{#custom-id}` on a heading line is escaped, so MDX reads it as text (the heading-id
 *   plugin then takes it) instead of as a broken expression;
 * - `<!-- comments -->` (mdx1Compat.comments) become `{/* comments *\/}`, character for
 *   character the same length, so MDX drops them and `<!-- truncate -->` still marks a
 *   blog summary's end. (remark-comment, which Docusaurus uses, breaks micromark's token
 *   invariants; its asserts fail under the development build the tests run.)
 * Lines are never added or removed and columns move only after a heading's `{#`, so every
 * message keeps its place.
 */
export function mdxCompatText(text: string): string {
  const lines = text.split('\n');
  let fence: string | undefined;
  const comment = { open: false };
  for (let i = 0; i < lines.length; i++) {
    if (comment.open || (!fence && lines[i]!.includes('<!--'))) lines[i] = commentsAsExpressions(lines[i]!, comment);
    if (comment.open) continue;
    const line = lines[i]!;
    // At any indent: a fence in a list item is indented as deep as the item's text (4 spaces and more in a nested list).
    const opening = /^[ \t]*(`{3,}|~{3,})\s*([^\s`]*)/.exec(line);
    if (fence) {
      if (isClosing(line, fence)) fence = undefined;
      continue;
    }
    if (opening?.[2] === 'mdx-code-block') {
      // Unwrapped: the fence lines go, the content is MDX like the rest (headings too).
      const end = lines.findIndex((l, j) => j > i && isClosing(l, opening[1]!));
      const last = end === -1 ? lines.length : end;
      lines[i] = '';
      for (let j = i + 1; j < last; j++) lines[j] = escapeHeadingId(lines[j]!);
      if (end !== -1) lines[end] = '';
      i = last;
    } else if (opening) fence = opening[1]!;
    else lines[i] = escapeHeadingId(line);
  }
  return lines.join('\n');
}

/**
 * One line with its HTML comments written as MDX comments; `state.open` carries a comment
 * over to the next line. Inline code is left as written.
 */
function commentsAsExpressions(line: string, state: { open: boolean }): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    if (state.open) {
      const end = line.indexOf('-->', i);
      const inside = line.slice(i, end === -1 ? line.length : end);
      // "*/" would end the MDX comment early: keep its length, lose its meaning.
      out += inside.replaceAll('*/', '*_');
      if (end === -1) return out;
      out += '*/}';
      i = end + 3;
      state.open = false;
      continue;
    }
    const tick = /`+/.exec(line.slice(i));
    const open = line.indexOf('<!--', i);
    if (tick && (open === -1 || i + tick.index < open)) {
      // Skip an inline code span whole: from this run of backticks to the next run as long.
      const start = i + tick.index;
      const close = line.indexOf(tick[0], start + tick[0].length);
      const end = close === -1 ? start + tick[0].length : close + tick[0].length;
      out += line.slice(i, end);
      i = end;
      continue;
    }
    if (open === -1) return out + line.slice(i);
    out += line.slice(i, open) + '{/* ';
    i = open + 4;
    state.open = true;
  }
  return out;
}

/** A fence's closing line: the same character, at least as many, nothing after. */
function isClosing(line: string, marker: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= marker.length && trimmed[0] === marker[0] && /^(`+|~+)$/.test(trimmed);
}

function escapeHeadingId(line: string): string {
  return /^ {0,3}#{1,6}\s/.test(line) ? line.replace(/(?<!\\)\{#/g, '\\{#') : line;
}
