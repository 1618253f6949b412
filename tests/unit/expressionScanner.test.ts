import { describe, expect, it } from 'vitest';
import { createExpressionScanner } from 'micromark-factory-mdx-expression/expression-scanner';
import { expressionProgram } from '../../cli/content/markdown/fastEsm.ts';
import { random as seeded } from '../../bench/random.ts';
import { DATA_LITERAL_ROWS } from '../helpers/dataLiteralRows.ts';

// The scanner (vendor/micromark-factory-mdx-expression/expression-scanner.js) lets micromark
// skip the `}` where acorn can only fail. Its one promise: wherever acorn reads the text so
// far as a whole expression, the scanner says it may end there. These tests check that promise
// against acorn itself, on expressions made at random from a grammar of the code MDX pages hold
// (JSX, divisions, regular expressions, templates, blocks, comments), and on random soups of
// the same pieces, at every `}`.

const parses = (text: string, end: number): boolean => expressionProgram(text, 0, end, false, () => ({ line: 1, column: 1, offset: 0 })) !== undefined;

/** A whole number below `n`, from a seeded generator. */
function makeRandom(seed: number): (n: number) => number {
  const next = seeded(seed);
  return (n) => Math.floor(next() * n);
}

/** A random expression of the kinds MDX pages hold, nested up to `depth`. */
function expressionMaker(random: (n: number) => number) {
  const pick = <T,>(items: readonly T[]): T => items[random(items.length)]!;
  const space = () => pick(['', ' ', ' ', '\n', '  ', ' /* } */ ', ' // }\n']);
  const names = ['a', 'b', 'x1', '$y', 'of', 'get', 'async', 'value', 'this', 'null', 'true'];
  const properties = ['b', 'return', 'in', 'of', 'default', 'typeof', 'if'];
  const texts = ['text', 'a / b', "it's", 'x = 1;', '"q"', ' ', 'and/or', '&amp;', '\nmore\n'];
  const operators = ['/', ' / ', '<', ' < ', '<<', '<=', '>', '>>', '+', '-', '*', '&&', '||', ' in ', ' instanceof ', ',', '==='];
  // With a quote, a bracket or a `}`: read as a division, each would open or close something.
  const regexes = ['/}/', '/a}b/g', '/[/}]/', '/a\\/}/', '/a{2}/', '/=}/', '/[\\]}]/u', "/'/", '/"}/', '/`/', "/'|[}]/"];
  const strings = ["'}'", '"a}b"', "'x\\'}'", '"/*"', "'<a>'"];

  function statement(depth: number): string {
    switch (random(10)) {
      case 0: return `return ${expression(depth)};`;
      case 1: return `if (${expression(depth)}) ${pick(regexes)}.test(a);`;
      case 2: return `const v${random(1000)} = ${expression(depth)};`;
      case 3: return `{ (${expression(depth)}); }${space()}${pick(regexes)}.test(a);`;
      case 4: return `for (const k of ${pick([...regexes, "<b>it's</b>", expression(depth)])}) { a(k); }`;
      case 9: return `for await (const k of a) ${pick([...regexes, "<b>it's</b>"])};`;
      case 5: return `a++\n${pick(['b', '/x/g.test(a)', '(b)'])};`;
      case 6: return `while (a) ${pick(['<b />', "<b>it's</b>", ...regexes])};`;
      case 7: return `switch (a) { case ${pick(regexes)}: break; default: ${pick(["<b>it's</b>", ...regexes])}; }`;
      default: return `(${expression(depth)});`;
    }
  }

  function jsx(depth: number): string {
    const tag = pick(['a', 'Tabs', 'x-y', 'svg:rect', 'A.B']);
    const attributes = Array.from({ length: random(3) }, () => ' ' + pick([
      () => `b="${pick(['}', '/', "'", '{x}', 'a\nb'])}"`,
      () => `c='${pick(['}', '"', '<'])}'`,
      () => `d={${expression(depth - 1)}}`,
      () => `{...${postfixed(depth - 1)}}`,
      () => 'e',
      () => `f={<${pick(['i', 'j'])} />}`,
    ])()).join('');
    const children = () => Array.from({ length: random(4) }, () => pick([
      () => pick(texts),
      () => `{${expression(depth - 1)}}`,
      () => '{/* } */}',
      () => jsx(depth - 1),
    ])()).join('');
    switch (random(3)) {
      case 0: return `<${tag}${attributes}${pick(['/>', ' />', '/ >'])}`;
      case 1: return `<>${children()}</>`;
      default: return `<${tag}${attributes}>${children()}</${tag}>`;
    }
  }

  function functionLike(depth: number): string {
    switch (random(3)) {
      case 0: return `async (${pick(['', 'a', 'a, b'])}) => ${expression(depth - 1)}`;
      case 1: return `async (${pick(['', 'a'])}) => { ${statement(depth - 1)} ${statement(depth - 1)} }`;
      default: return `async function (a) { ${statement(depth - 1)} }`;
    }
  }

  function atom(depth: number): string {
    if (depth <= 0) return pick([...names, ...strings, ...regexes]);
    switch (random(10)) {
      case 0: return `(${expression(depth - 1)})`;
      case 1: return `[${expression(depth - 1)}, ${expression(depth - 1)}]`;
      case 2: return `{a: ${expression(depth - 1)}, 'b': ${pick(regexes)}, c}`;
      case 3: return '`t}${' + expression(depth - 1) + '}u`';
      case 4: return jsx(depth - 1);
      case 5: return `(${functionLike(depth)})`;
      default: return pick([...names, ...strings, ...regexes]);
    }
  }

  function postfixed(depth: number): string {
    let code = atom(depth);
    for (let n = random(3); n > 0; n--) {
      code += pick([
        () => `.${pick(properties)}`,
        () => `?.${pick(properties)}`,
        () => `[${expression(depth - 1)}]`,
        () => `(${expression(depth - 1)})`,
      ])();
    }
    return code;
  }

  function unary(depth: number): string {
    switch (random(6)) {
      case 0: return `${pick(['typeof ', 'void ', '!', '-', '+', 'await '])}${postfixed(depth)}`;
      case 1: return `${pick(['++', '--'])}${pick(names.slice(0, 4))}`;
      case 2: return `${pick(names.slice(0, 4))}${pick(['++', '--'])}`;
      case 3: return pick(['1', '2.5', '.5', '0x1f']);
      default: return postfixed(depth);
    }
  }

  function expression(depth: number): string {
    switch (random(6)) {
      case 0:
      case 1: return `${unary(depth)}${space()}${pick(operators)}${space()}${unary(depth - 1)}`;
      case 2: return `${unary(depth)} ? ${expression(depth - 1)} : ${expression(depth - 1)}`;
      case 3: return depth > 0 ? functionLike(depth) : `${pick(names.slice(0, 4))} /= ${unary(depth)}`;
      default: return unary(depth);
    }
  }

  return expression;
}

/** Feeds `text` to a scanner and calls `atBrace` before each `}` with what the scanner says there. */
function scan(text: string, atBrace: (at: number, mayEnd: boolean) => void): { known: boolean; mayEnd: boolean } {
  const scanner = createExpressionScanner();
  for (let at = 0; at < text.length; at++) {
    if (text[at] === '}') atBrace(at, scanner.mayEnd());
    scanner.feed(text[at] === '\n' ? -4 : text.charCodeAt(at));
  }
  return { known: scanner.known, mayEnd: scanner.mayEnd() };
}

/** The prefixes of `text` before a `}` that acorn reads as a whole expression though the scanner says none can end there. */
function skippedWrongly(text: string): string[] {
  const wrong: string[] = [];
  scan(text, (at, mayEnd) => {
    if (!mayEnd && parses(text, at)) wrong.push(text.slice(0, at));
  });
  return wrong;
}

describe('the expression scanner', () => {
  it('says an expression may end wherever acorn reads the text so far as one: 4,000 random expressions and what follows them', () => {
    const random = makeRandom(20261129);
    const expression = expressionMaker(random);
    const tails = ['', ' b}', '} c }', ' /x}/ }', "'}' }", ' <a>}</a>}'];
    let whole = 0;
    let followed = 0;
    const wrong: string[] = [];
    for (let i = 0; i < 4000; i++) {
      const source = expression(4);
      if (parses(source, source.length)) {
        whole++;
        const end = scan(source, () => {});
        if (!end.mayEnd) wrong.push(source);
        if (end.known) followed++;
      }
      wrong.push(...skippedWrongly(source + '}' + tails[random(tails.length)]));
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    // The grammar makes code acorn reads, mostly; and most of it the scanner follows to its
    // end, JSX and divisions included, so the `}` inside are skipped.
    expect(whole).toBeGreaterThan(2500);
    expect(followed / whole).toBeGreaterThan(0.6);
  });

  it('says so too in 20,000 random soups of the same pieces, at every `}`', () => {
    const random = makeRandom(7);
    const pieces = ['a', ' ', '\n', '1', 'return ', 'if', 'of', '.', '?.', '(', ')', '[', ']', '{', '}', '}', '}', '/', '<', '>', '/>', '</', '=', '=>', '+', '++', ',', ':', '?', "'", '"', '`', '${', '\\', '*', '/*', '*/', '//', '<a>', '</a>', '<a/>', '<>', '</>', 'b="}"', 'x'];
    const wrong: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const text = Array.from({ length: 2 + random(14) }, () => pieces[random(pieces.length)]).join('') + '}';
      wrong.push(...skippedWrongly(text));
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it.each(DATA_LITERAL_ROWS)('follows a data literal of 2,000 rows with %s in them to its end', (_, row) => {
    const source = '[\n' + Array.from({ length: 2000 }, (_, i) => row(i)).join('\n') + ']';
    const attempts: number[] = [];
    const end = scan(source, (at, mayEnd) => {
      if (mayEnd) attempts.push(at);
    });
    // No `}` inside is tried; acorn is tried once, at the end.
    expect(attempts).toEqual([]);
    expect(end).toEqual({ known: true, mayEnd: true });
    expect(parses(source, source.length)).toBe(true);
  });
});
