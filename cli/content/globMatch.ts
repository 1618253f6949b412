/**
 * Glob matching in time linear in the path, for the content plugins' `include` and
 * `exclude` (contentGlobs.ts). The matchers of the field (picomatch, minimatch) compile a
 * glob to a regular expression whose backtracking grows with the path to the power of its
 * stars: `**\/*a*a*a*a*a*b.md` took 10 s on one 100-character name, and one more star did
 * not finish. A glob is the author's config, so that is a hang from bad input. Here each
 * part of a path is matched against each part of a glob by the usual wildcard algorithm
 * (at most length × length steps), and `**` parts by a table over the parts.
 *
 * The syntax is globby's (fast-glob's), less extglobs: `*`, `?`, `[abc]`/`[a-z]`/`[!x]`,
 * `{a,b}` (nested too), `**` as a whole part, `\` to escape; `*`, `?`, classes and `**`
 * never match a name that starts with `.` (globby's `dot: false`), which a literal `.`
 * does. A glob that ends in `/` matches folders' contents as `/**` does.
 */

/** A part of a glob: `**`, or the tokens of one name. */
type Part = { globstar: true } | NamePart;
/** One name's tokens, with the literal text it must start and end with (checked first: most names fail there). */
type NamePart = { globstar: false; tokens: Token[]; literalDot: boolean; prefix: string; suffix: string };
type Token = { kind: 'char'; char: string } | { kind: 'any' } | { kind: 'star' } | { kind: 'class'; negated: boolean; ranges: [string, string][] };

/** How many globs one glob's braces may make (`{a,b}{c,d}` is four): past this, the glob is refused. */
export const MAX_EXPANSIONS = 256;

/** Why a glob cannot be used, if it cannot (for the config's messages). */
export function globSyntaxProblem(glob: string): string | undefined {
  if (/[@!+*?]\(/.test(glob.replace(/\\./g, ''))) return 'uses an extglob ("@(…)", "+(…)"…), which is not supported: list the globs instead';
  const expanded = expandBraces(glob);
  if (expanded === undefined) return `has braces that make more than ${MAX_EXPANSIONS} globs: list fewer`;
  return undefined;
}

/** A matcher for any of `globs` (none matches nothing). Throws on a glob globSyntaxProblem refuses. */
export function globMatcher(globs: readonly string[]): { matches: (path: string) => boolean; mayHold: (folder: string) => boolean } {
  const compiled = globs.flatMap((glob) => {
    const expanded = expandBraces(glob);
    if (expanded === undefined) throw new Error(`The glob "${glob}" ${globSyntaxProblem(glob)}`);
    return expanded.map(compileGlob);
  });
  return {
    matches: (path) => {
      const names = path.split('/');
      return compiled.some((parts) => matchParts(parts, names, false));
    },
    mayHold: (folder) => {
      const names = folder === '' ? [] : folder.split('/');
      return compiled.some((parts) => matchParts(parts, names, true));
    },
  };
}

/** `{a,b}c` → `ac`, `bc`; nested braces too. A brace with no top-level comma is literal. Undefined past MAX_EXPANSIONS. */
function expandBraces(glob: string): string[] | undefined {
  let out = [glob];
  for (let round = 0; ; round++) {
    let changed = false;
    const next: string[] = [];
    for (const item of out) {
      const brace = firstBrace(item);
      if (!brace) {
        next.push(item);
        continue;
      }
      changed = true;
      for (const alternative of brace.alternatives) next.push(item.slice(0, brace.start) + alternative + item.slice(brace.end + 1));
      if (next.length > MAX_EXPANSIONS) return undefined;
    }
    out = next;
    if (!changed || round > MAX_EXPANSIONS) return out;
  }
}

/** The first `{…}` holding a comma at its own depth: where it is and its alternatives. */
function firstBrace(glob: string): { start: number; end: number; alternatives: string[] } | undefined {
  for (let start = 0; start < glob.length; start++) {
    if (glob[start] === '\\') {
      start++;
      continue;
    }
    if (glob[start] !== '{') continue;
    let depth = 0;
    const commas: number[] = [];
    for (let i = start; i < glob.length; i++) {
      const ch = glob[i];
      if (ch === '\\') i++;
      else if (ch === '{') depth++;
      else if (ch === ',' && depth === 1) commas.push(i);
      else if (ch === '}' && --depth === 0) {
        if (commas.length === 0) break;
        const cuts = [start, ...commas, i];
        return { start, end: i, alternatives: cuts.slice(0, -1).map((cut, k) => glob.slice(cut + 1, cuts[k + 1])) };
      }
    }
  }
  return undefined;
}

function compileGlob(glob: string): Part[] {
  const trimmed = glob.replace(/^(\.\/)+/, '');
  const names = (trimmed.endsWith('/') ? `${trimmed}**` : trimmed).split('/').filter((name, i, all) => name !== '' || i === all.length - 1);
  const parts: Part[] = [];
  for (const name of names) {
    if (name === '**') {
      // `**/**` is `**`.
      if (!parts.at(-1) || !(parts.at(-1) as { globstar: boolean }).globstar) parts.push({ globstar: true });
      continue;
    }
    parts.push(namePart(tokenize(name)));
  }
  // A glob matches files, so a last `**` stands for at least one more name (`_drafts/**` is what is in `_drafts`, not a file so named).
  if (parts.at(-1)?.globstar) parts.push(namePart([{ kind: 'star' }]));
  return parts;
}

function namePart(tokens: Token[]): NamePart {
  const literal = (token: Token | undefined): token is Extract<Token, { kind: 'char' }> => token?.kind === 'char';
  let prefix = '';
  for (let i = 0; literal(tokens[i]); i++) prefix += (tokens[i] as { char: string }).char;
  let suffix = '';
  // A name all literal is its prefix; its suffix is then the same text.
  for (let i = tokens.length - 1; i >= 0 && literal(tokens[i]); i--) suffix = (tokens[i] as { char: string }).char + suffix;
  return { globstar: false, tokens, literalDot: prefix.startsWith('.'), prefix, suffix };
}

function tokenize(name: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < name.length; i++) {
    const ch = name[i]!;
    if (ch === '\\' && i + 1 < name.length) tokens.push({ kind: 'char', char: name[++i]! });
    else if (ch === '*') {
      // `**` inside a name is `*`.
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (ch === '?') tokens.push({ kind: 'any' });
    else if (ch === '[') {
      const end = name.indexOf(']', i + 2);
      if (end === -1) {
        tokens.push({ kind: 'char', char: ch });
        continue;
      }
      let body = name.slice(i + 1, end);
      const negated = body[0] === '!' || body[0] === '^';
      if (negated) body = body.slice(1);
      const ranges: [string, string][] = [];
      for (let k = 0; k < body.length; k++) {
        if (body[k + 1] === '-' && k + 2 < body.length) {
          ranges.push([body[k]!, body[k + 2]!]);
          k += 2;
        } else ranges.push([body[k]!, body[k]!]);
      }
      tokens.push({ kind: 'class', negated, ranges });
      i = end;
    } else tokens.push({ kind: 'char', char: ch });
  }
  return tokens;
}

/**
 * Whether `names` (a path's parts) match `parts`; with `prefix`, whether some path below
 * `names` could (a folder worth walking). A table over (part, name), each cell once:
 * parts × names steps, each a name match.
 */
function matchParts(parts: Part[], names: string[], prefix: boolean): boolean {
  // A path's last name is matched by the glob's last part: most paths fail there, before the table.
  const last = parts[parts.length - 1];
  if (!prefix && last && !last.globstar && (names.length === 0 || !matchName(last, names[names.length - 1]!))) return false;
  // `**/name`, the commonest shape (every one of Docusaurus's defaults but two): with the
  // last name matched, `**` takes the folders before it unless one is hidden. No table:
  // this runs for every content file of the site.
  if (!prefix && parts.length === 2 && parts[0]!.globstar && !last!.globstar) {
    for (let n = 0; n < names.length - 1; n++) if (names[n]!.startsWith('.')) return false;
    return true;
  }
  // And each of its other named parts by one of the path's folders (`**/_*/**` needs a `_` folder).
  if (!prefix) {
    for (let p = 0; p < parts.length - 1; p++) {
      const part = parts[p]!;
      if (part.globstar) continue;
      let found = false;
      for (let n = 0; n < names.length - 1 && !found; n++) found = matchName(part, names[n]!);
      if (!found) return false;
    }
  }
  // Only `**` can reach a cell twice: without one, the walk is a single line.
  const width = names.length + 1;
  const seen = parts.some((part) => part.globstar) ? new Uint8Array((parts.length + 1) * width) : undefined;
  const visit = (p: number, n: number): boolean => {
    if (seen) {
      const key = p * width + n;
      if (seen[key]) return false;
      seen[key] = 1;
    }
    if (n === names.length) {
      // The path is used up: a match if the glob is too (or only `**` is left), and for a folder, whatever is left may match below it.
      return prefix ? p < parts.length : parts.slice(p).every((part) => part.globstar);
    }
    if (p === parts.length) return false;
    const part = parts[p]!;
    const name = names[n]!;
    if (part.globstar) return visit(p + 1, n) || (!name.startsWith('.') && visit(p, n + 1));
    return matchName(part, name) && visit(p + 1, n + 1);
  };
  return visit(0, 0);
}

/** One name against one part's tokens: the greedy wildcard algorithm, going back only to the last star (length × length at worst). */
function matchName(part: NamePart, name: string): boolean {
  if (name.startsWith('.') && !part.literalDot) return false;
  if (!name.startsWith(part.prefix) || !name.endsWith(part.suffix)) return false;
  const { tokens } = part;
  let t = 0;
  let c = 0;
  let starAt = -1;
  let starMatch = 0;
  while (c < name.length) {
    const token = tokens[t];
    if (token && token.kind !== 'star' && matchChar(token, name[c]!)) {
      t++;
      c++;
    } else if (token?.kind === 'star') {
      starAt = t++;
      starMatch = c;
    } else if (starAt !== -1) {
      t = starAt + 1;
      c = ++starMatch;
    } else return false;
  }
  while (tokens[t]?.kind === 'star') t++;
  return t === tokens.length;
}

function matchChar(token: Exclude<Token, { kind: 'star' }>, ch: string): boolean {
  if (token.kind === 'char') return token.char === ch;
  if (token.kind === 'any') return true;
  const inside = token.ranges.some(([from, to]) => ch >= from && ch <= to);
  return inside !== token.negated;
}
