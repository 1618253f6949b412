/**
 * Changed from upstream (a file of our own): follows the code of an expression as the
 * factory consumes it, to say at a `}` whether the expression can end there.
 *
 * Upstream tries acorn at every `}` on all the text so far. Where the text so far is
 * inside a string, a comment, a template, a regular expression or a JSX element, or has a
 * bracket still open, acorn can only fail there, so that attempt is skipped: a data
 * literal of thousands of rows (`<T rows={[{…}, {…}, …]} />`, with JSX or divisions in its
 * rows or not) is parsed once instead of once per row (2,000 rows: 14 s), and hostile text
 * (`{'` then 20,000 `}`) no longer takes time growing with the square of its length.
 *
 * A `/` starts a regular expression and a `<` a JSX element where an operand may come, and
 * divide or compare after one. Acorn's tokenizer decides it the same way, from the token
 * before (its `exprAllowed`), and so does this scanner where that token says it alone:
 * after a name, a number, a string, `]` or a closed `(…)` an operand has ended; after an
 * operator, an opening bracket or a keyword such as `return` one may come.
 *
 * It only ever skips what acorn would reject: where its reading could differ from acorn's
 * (a `/` or `<` after a `}`, which may close a block or an object; after `if (…)`; after
 * `++`, `of`, `yield`, `await`; a comment in a JSX tag; a line ending inside a string or a
 * regular expression; a closing bracket that does not match), it stops knowing (`known`
 * false) and every later `}` is tried, as upstream does.
 */

const CODE = 0
const SINGLE = 1
const DOUBLE = 2
const TEMPLATE = 3
const LINE_COMMENT = 4
const BLOCK_COMMENT = 5
const REGEX = 6
const REGEX_CLASS = 7
/** In a JSX tag (the top of `open` says which kind). */
const JSX_TAG = 8
const JSX_STRING = 9
/** Between a JSX element's tags. */
const JSX_TEXT = 10

/** What the code so far ends in, which decides what a `/` or a `<` is (acorn's `exprAllowed`). */
const OPERAND_NEXT = 0
const OPERAND_ENDED = 1
const EITHER = 2

/** Keywords after which an operand comes (acorn's keyword tokens that are `beforeExpr`). */
const BEFORE_OPERAND = new Set(['case', 'default', 'delete', 'do', 'else', 'extends', 'in', 'instanceof', 'new', 'return', 'throw', 'typeof', 'void'])
/** Words acorn reads as a keyword or a name by where they stand, and keywords that end a statement. */
const EITHER_WORDS = new Set(['async', 'await', 'break', 'continue', 'debugger', 'get', 'let', 'of', 'set', 'static', 'yield'])
/** Keywords whose `(…)` is followed by a statement, where `/` and `<` start an operand. */
const STATEMENT_HEADS = new Set(['for', 'if', 'while', 'with'])
/** The spaces acorn skips between tokens, besides line endings. */
const SPACES = new Set([' ', '\t', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u2001', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200a', '\u202f', '\u205f', '\u3000', '\ufeff'])

/**
 * @param {string} char
 */
function isWordChar(char) {
  const code = char.charCodeAt(0)
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || char === '_' || char === '$' || char === '#' || (code > 127 && !SPACES.has(char) && char !== '\u2028' && char !== '\u2029')
}

/**
 * @returns {{known: boolean, feed: (code: number) => void, mayEnd: () => boolean}}
 */
export function createExpressionScanner() {
  let known = true
  let state = CODE
  /**
   * What is open, innermost last: `{`, `[`, `(`; `h` for the `(` after `if`, `for`, `while`
   * or `with`; `$` for a template's `${`; a JSX tag being read: `T` opening, `S` opening
   * after its `/`, `t` closing; `E` an element whose children are being read; `a` a `{` in a
   * JSX tag, `c` a `{` among an element's children.
   * @type {Array<string>}
   */
  const open = []
  let escaped = false
  /** The character before, where it decides what this one is (`/` then `/` or `*`; `$` then `{` in a template; `*` then `/` in a comment). */
  let previous = ''
  let context = OPERAND_NEXT
  /** What the code was before a `/` whose meaning the next character decides. */
  let beforeSlash = OPERAND_NEXT
  /** The name or number being read. */
  let word = ''
  /** Whether the next word is a property name, never a keyword (after `.`), and whether the one being read is. */
  let nameNext = false
  let wordIsName = false
  /** Whether the last word read was `if`, `for`, `while` or `with` (`for await` too), so its `(` is a statement's head. */
  let statementHead = false
  /** In a JSX tag: nothing read yet after its `<`. */
  let tagStart = false
  /** The quote a JSX attribute's string ends with. */
  let quote = ''

  return {
    get known() {
      return known
    },
    feed,
    /** Whether the expression may end at a `}` that comes now (when not `known`: always). */
    mayEnd() {
      if (!known) return true
      // A `}` in a line comment ends the expression for acorn (the comment runs to the end of the text it is given), as upstream.
      if (state === LINE_COMMENT) return open.length === 0
      // Text that ends in `/` is a division or a regular expression not yet complete.
      return state === CODE && open.length === 0 && previous !== '/'
    }
  }

  /**
   * @param {number} code
   *   A micromark code: a character, or a line ending (-5, -4, -3), a tab (-2) or a
   *   virtual space (-1).
   */
  function feed(code) {
    if (!known) return
    const lineEnding = code === -5 || code === -4 || code === -3 || code === 0x2028 || code === 0x2029
    const char = code >= 0 ? String.fromCodePoint(code) : lineEnding ? '\n' : ' '
    const before = previous
    previous = char

    switch (state) {
      case LINE_COMMENT:
        if (lineEnding) state = CODE
        return
      case BLOCK_COMMENT:
        if (before === '*' && char === '/') {
          state = CODE
          previous = ''
        }
        return
      case SINGLE:
      case DOUBLE:
        if (escaped) {
          escaped = false
          previous = ''
        }
        else if (char === '\\') escaped = true
        else if (char === (state === SINGLE ? "'" : '"')) operandEnds()
        // A line ending in a string is an error acorn raises there: no `}` after it can help.
        else if (lineEnding && code !== 0x2028 && code !== 0x2029) known = false
        return
      case TEMPLATE:
        // An escaped character is no part of `${`.
        if (escaped) {
          escaped = false
          previous = ''
        }
        else if (char === '\\') escaped = true
        else if (char === '`') operandEnds()
        else if (before === '$' && char === '{') {
          open.push('$')
          state = CODE
          context = OPERAND_NEXT
          previous = ''
        }
        return
      case REGEX:
      case REGEX_CLASS:
        regex(char, lineEnding)
        return
      case JSX_TAG:
        jsxTag(char, lineEnding)
        return
      case JSX_STRING:
        if (char === quote) state = JSX_TAG
        return
      case JSX_TEXT:
        jsxText(char)
        return
    }

    // Code.
    if (before === '/') {
      if (char === '/') {
        state = LINE_COMMENT
        return
      }

      if (char === '*') {
        state = BLOCK_COMMENT
        previous = ''
        return
      }

      // The `/` divides or starts a regular expression.
      statementHead = false
      nameNext = false
      if (beforeSlash === EITHER) {
        known = false
        return
      }

      if (beforeSlash === OPERAND_NEXT) {
        state = REGEX
        regex(char, lineEnding)
        return
      }

      // A division: this character follows an operator.
      context = OPERAND_NEXT
    }

    codeChar(char, lineEnding, before)
  }

  /**
   * @param {string} char
   * @param {boolean} lineEnding
   * @param {string} before
   */
  function codeChar(char, lineEnding, before) {
    if (isWordChar(char)) {
      if (word === '') {
        wordIsName = nameNext
        nameNext = false
      }
      word += char
      return
    }

    endWord()
    if (lineEnding || SPACES.has(char)) return
    // A comment or not: the next character says (see `feed`).
    if (char === '/') {
      beforeSlash = context
      return
    }

    const head = statementHead
    statementHead = false
    // `a.b`, not `a?.b`: acorn reads a keyword after `?.` as a keyword.
    nameNext = char === '.' && before !== '?'

    if (char === "'") state = SINGLE
    else if (char === '"') state = DOUBLE
    else if (char === '`') state = TEMPLATE
    else if (char === '{' || char === '[') {
      open.push(char)
      context = OPERAND_NEXT
    }
    else if (char === '(') {
      open.push(head ? 'h' : '(')
      context = OPERAND_NEXT
    }
    else if (char === ')') {
      const top = open.pop()
      if (top === '(') context = OPERAND_ENDED
      else if (top === 'h') context = EITHER
      else known = false
    }
    else if (char === ']') {
      if (open.pop() === '[') context = OPERAND_ENDED
      else known = false
    }
    else if (char === '}') {
      const top = open.pop()
      // A block or an object: only a parser knows which.
      if (top === '{') context = EITHER
      else if (top === '$') state = TEMPLATE
      else if (top === 'a') state = JSX_TAG
      else if (top === 'c') state = JSX_TEXT
      else known = false
    }
    else if (char === '<') {
      // `<<` is one operator.
      if (context === OPERAND_ENDED || before === '<') context = OPERAND_NEXT
      else if (context === OPERAND_NEXT) jsxTagOpens()
      else known = false
    }
    else if (char === '\\') known = false
    // `++` and `--` may follow an operand or come before one.
    else if ((char === '+' || char === '-') && before === char) context = EITHER
    else context = OPERAND_NEXT
  }

  function endWord() {
    if (word === '') return
    const name = wordIsName
    context = name ? OPERAND_ENDED : BEFORE_OPERAND.has(word) ? OPERAND_NEXT : EITHER_WORDS.has(word) ? EITHER : OPERAND_ENDED
    statementHead = !name && (STATEMENT_HEADS.has(word) || (statementHead && word === 'await'))
    word = ''
  }

  function operandEnds() {
    state = CODE
    context = OPERAND_ENDED
  }

  /**
   * @param {string} char
   * @param {boolean} lineEnding
   */
  function regex(char, lineEnding) {
    // A line ending in a regular expression is an error acorn raises there.
    if (lineEnding) known = false
    else if (escaped) escaped = false
    else if (char === '\\') escaped = true
    else if (state === REGEX_CLASS) {
      if (char === ']') state = REGEX
    }
    else if (char === '[') state = REGEX_CLASS
    else if (char === '/') {
      // Its flags, if any, are a word: no keyword is made of flags. This `/` starts no comment.
      operandEnds()
      previous = ''
    }
  }

  function jsxTagOpens() {
    open.push('T')
    state = JSX_TAG
    tagStart = true
  }

  /**
   * @param {string} char
   * @param {boolean} lineEnding
   */
  function jsxTag(char, lineEnding) {
    if (lineEnding || SPACES.has(char)) return
    const top = open[open.length - 1]
    if (tagStart) {
      tagStart = false
      if (char === '/') {
        // A closing tag, of the element whose children are being read.
        if (open[open.length - 2] === 'E') open[open.length - 1] = 't'
        else known = false
        return
      }
      // `>` opens a fragment; anything else but a name is acorn's to judge.
      if (char !== '>' && (!isWordChar(char) || (char >= '0' && char <= '9') || char === '#')) {
        known = false
        return
      }
    }

    if (top === 'S') {
      if (char === '>') {
        open.pop()
        jsxElementEnds()
      }
      else known = false
    }
    else if (char === '>') {
      if (top === 'T') {
        open[open.length - 1] = 'E'
        state = JSX_TEXT
      }
      else {
        open.pop()
        if (open.pop() === 'E') jsxElementEnds()
        else known = false
      }
    }
    else if (top === 'T' && char === '/') open[open.length - 1] = 'S'
    else if (top === 'T' && (char === '"' || char === "'")) {
      quote = char
      state = JSX_STRING
    }
    else if (top === 'T' && char === '{') {
      open.push('a')
      state = CODE
      context = OPERAND_NEXT
    }
    // A name and its parts (`a-b`, `a:b`, `a.b`), or `=` before a value; anything else
    // (a comment, an element as a value) is acorn's to judge.
    else if (!(isWordChar(char) || char === '-' || char === ':' || char === '.' || (top === 'T' && char === '='))) known = false
  }

  /**
   * @param {string} char
   */
  function jsxText(char) {
    if (char === '{') {
      open.push('c')
      state = CODE
      context = OPERAND_NEXT
    }
    else if (char === '<') jsxTagOpens()
    // Errors acorn raises at their place.
    else if (char === '}' || char === '>') known = false
  }

  function jsxElementEnds() {
    if (open[open.length - 1] === 'E') state = JSX_TEXT
    else {
      state = CODE
      context = OPERAND_ENDED
      nameNext = false
    }
  }
}
