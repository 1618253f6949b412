/**
 * Places in YAML text, for messages: js-yaml gives values without positions, and reports
 * a syntax error where it gave up rather than where the mistake is.
 */

/**
 * The line (0-based, in `lines`) of a key path such as ["last_update", "date"]: each key
 * is looked for below its parent, indented deeper. When a nested key cannot be found (it
 * is written in flow style, `last_update: {date: x}`) the parent's line is returned;
 * -1 when not even the first key is there.
 */
export function yamlKeyLine(lines: string[], path: string[]): number {
  let found = -1;
  let from = 0;
  let parentIndent = -1;
  for (const key of path) {
    const re = new RegExp(`^(\\s*)(?:- )?["']?${escapeRe(key)}["']?\\s*:(\\s|$)`);
    let hit = -1;
    for (let i = from; i < lines.length; i++) {
      const line = lines[i]!;
      if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
      const indent = line.length - line.trimStart().length;
      // Left the parent's block.
      if (found !== -1 && indent <= parentIndent) break;
      const m = re.exec(line);
      if (m && (found === -1 ? indent === 0 : true)) {
        hit = i;
        parentIndent = m[1]!.length;
        break;
      }
    }
    if (hit === -1) return found;
    found = hit;
    from = hit + 1;
  }
  return found;
}

/**
 * Where a YAML syntax error really is. js-yaml reports an unclosed `[`, `{` or quote at
 * the line where it noticed (often the next key, or the end of the front matter); this
 * scans the text up to that mark and, when a flow collection or a quoted string opened
 * earlier is still open there, returns the opener instead, with a note saying so.
 * Lines and columns are 0-based, as js-yaml's.
 */
export function yamlErrorPlace(yaml: string, mark: { line: number; column: number }): { line: number; column: number; note?: string } {
  const lines = yaml.split('\n');
  let open: { line: number; column: number; char: string } | undefined;
  let depth = 0;
  let quote: string | undefined;
  for (let l = 0; l < lines.length && l <= mark.line; l++) {
    const line = lines[l]!;
    const end = l === mark.line ? Math.min(mark.column, line.length) : line.length;
    // Whether the next character starts a value (quotes and brackets only open there).
    let valueStart = true;
    for (let c = 0; c < end; c++) {
      const ch = line[c]!;
      if (quote) {
        if (ch === quote) {
          if (quote === "'" && line[c + 1] === "'") c++;
          else {
            quote = undefined;
            if (depth === 0) open = undefined;
          }
        } else if (ch === '\\' && quote === '"') c++;
        continue;
      }
      if (ch === '#' && (c === 0 || /\s/.test(line[c - 1]!))) break;
      if ((ch === '"' || ch === "'") && valueStart) {
        quote = ch;
        if (depth === 0) open = { line: l, column: c, char: ch };
      } else if ((ch === '[' || ch === '{') && (valueStart || depth > 0)) {
        if (depth === 0) open = { line: l, column: c, char: ch };
        depth++;
      } else if ((ch === ']' || ch === '}') && depth > 0) {
        depth--;
        if (depth === 0) open = undefined;
      }
      if (/\s/.test(ch)) continue;
      valueStart = ch === ':' || ch === '-' || ch === ',' || ch === '[' || ch === '{' || ch === '?';
    }
  }
  if (open && (open.line < mark.line || (open.line === mark.line && open.column < mark.column))) {
    const closer = open.char === '[' ? ']' : open.char === '{' ? '}' : open.char;
    return { line: open.line, column: open.column, note: `the ${open.char} here is never closed with ${closer}` };
  }
  return mark;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
