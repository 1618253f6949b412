import fs from 'node:fs';
import type { Diagnostic } from '../report/diagnostic.ts';

/**
 * Problems with config values get the line of their key in the config file (read once,
 * only when needed). A `configKey` of `**.name` is the first key of that name at any depth:
 * where a Docusaurus config puts it (`presets.0.1.theme.customCss`) is not known to its reader.
 */
export function placeConfigKeys(diagnostics: Diagnostic[], config: { configFile: string | null }): Diagnostic[] {
  if (!config.configFile || !diagnostics.some((d) => d.configKey && d.line === undefined)) return diagnostics;
  let source: string;
  try {
    source = fs.readFileSync(config.configFile, 'utf8');
  } catch {
    return diagnostics;
  }
  return diagnostics.map((d) => {
    if (!d.configKey || d.line !== undefined) return d;
    const line = d.configKey.startsWith('**.') ? configKeyLineAnywhere(source, d.configKey.slice(3)) : configKeyLine(source, d.configKey.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)));
    return line === undefined ? d : { ...d, line, column: 1 };
  });
}

/** The line of the first key named `name`, at any depth. */
function configKeyLineAnywhere(source: string, name: string): number | undefined {
  for (const [path, line] of keyLines(source)) if (path === name || path.endsWith(`.${name}`)) return line;
  return undefined;
}

/**
 * The line of a key path (`navbar.items.3.docId`) in the config's source text, so config
 * problems point into site.config.ts. Best effort, without running a TypeScript parser:
 * one pass over the text that skips strings and comments and follows object keys and
 * array positions through `{` and `[`. A key that cannot be found (built by code,
 * spread in, or a shorthand property) gives the line of its nearest parent that can.
 * Returns undefined when nothing of the path is found.
 */
export function configKeyLine(source: string, keyPath: (string | number)[]): number | undefined {
  const lines = keyLines(source);
  for (let n = keyPath.length; n > 0; n--) {
    const line = lines.get(keyPath.slice(0, n).join('.'));
    if (line !== undefined) return line;
  }
  return undefined;
}

interface Frame {
  kind: '{' | '[' | '(';
  path: (string | number)[];
  /** Array frames: the position of the current element. */
  index: number;
  /** Object frames: the key whose value comes next. */
  key?: string;
}

/** Every key path written as an object literal in the source → its first line (1-based). */
function keyLines(source: string): Map<string, number> {
  const found = new Map<string, number>();
  const stack: Frame[] = [{ kind: '(', path: [], index: 0 }];
  let line = 1;
  // The last identifier or string seen in an object, and its line: a key if ":" follows.
  let pending: { name: string; line: number } | undefined;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    const top = stack[stack.length - 1]!;
    if (ch === '\n') {
      line++;
      continue;
    }
    if (ch === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      i--;
      continue;
    }
    if (ch === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      for (let k = i; k < stop; k++) if (source[k] === '\n') line++;
      i = stop - 1;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') {
      let k = i + 1;
      let text = '';
      while (k < source.length && source[k] !== ch) {
        if (source[k] === '\\') k++;
        else text += source[k];
        if (source[k] === '\n') line++;
        k++;
      }
      i = k;
      pending = top.kind === '{' ? { name: text, line } : undefined;
      continue;
    }
    if (/[A-Za-z_$]/.test(ch)) {
      let k = i;
      while (k < source.length && /[\w$]/.test(source[k]!)) k++;
      pending = top.kind === '{' ? { name: source.slice(i, k), line } : undefined;
      i = k - 1;
      continue;
    }
    if (ch === ':' && pending && top.kind === '{') {
      top.key = pending.name;
      const path = [...top.path, pending.name].join('.');
      if (!found.has(path)) found.set(path, pending.line);
      pending = undefined;
      continue;
    }
    if (ch === '{' || ch === '[' || ch === '(') {
      const parentPath = top.kind === '{' && top.key !== undefined ? [...top.path, top.key] : top.kind === '[' ? [...top.path, top.index] : top.path;
      stack.push({ kind: ch, path: parentPath, index: 0 });
      pending = undefined;
      continue;
    }
    if (ch === '}' || ch === ']' || ch === ')') {
      if (stack.length > 1) stack.pop();
      pending = undefined;
      continue;
    }
    if (ch === ',') {
      if (top.kind === '[') top.index++;
      if (top.kind === '{') top.key = undefined;
      pending = undefined;
      continue;
    }
    if (!/\s/.test(ch)) pending = undefined;
  }
  return found;
}
