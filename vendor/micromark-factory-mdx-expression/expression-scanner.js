/**
 * Changed from upstream (a file of our own): follows the code of an expression as the
 * factory consumes it, to say at a `}` whether the expression can end there.
 *
 * Upstream tries acorn at every `}` on all the text so far. Where the text so far is
 * inside a string, a comment or a template, or has a bracket still open, acorn can only
 * fail there, so that attempt is skipped: a data literal of thousands of rows
 * (`<T rows={[{…}, {…}, …]} />`) is parsed once instead of once per row (2,000 rows: 14 s),
 * and hostile text (`{'` then 20,000 `}`) no longer takes time growing with the square of
 * its length.
 *
 * It only ever skips what acorn would reject: where its reading could differ from acorn's
 * (a `/` that is not a comment: division or a regular expression; a `<`: JSX or less-than;
 * a line ending inside a string; a closing bracket that does not match), it stops knowing
 * (`known` false) and every later `}` is tried, as upstream does.
 */

const CODE = 0
const SINGLE = 1
const DOUBLE = 2
const TEMPLATE = 3
const LINE_COMMENT = 4
const BLOCK_COMMENT = 5

/**
 * @returns {{known: boolean, feed: (code: number) => void, mayEnd: () => boolean}}
 */
export function createExpressionScanner() {
  let known = true
  let state = CODE
  /** Open brackets: `{`, `[`, `(`, or `$` for a template's `${`. @type {Array<string>} */
  const open = []
  let escaped = false
  /** The character before, where it decides what this one is (`/` then `/` or `*`; `$` then `{` in a template; `*` then `/` in a comment). */
  let previous = ''

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

    if (state === LINE_COMMENT) {
      if (lineEnding) state = CODE
      return
    }

    if (state === BLOCK_COMMENT) {
      if (before === '*' && char === '/') {
        state = CODE
        previous = ''
      }

      return
    }

    if (state === SINGLE || state === DOUBLE) {
      if (escaped) {
        escaped = false
        previous = ''
      }
      else if (char === '\\') escaped = true
      else if (char === (state === SINGLE ? "'" : '"')) state = CODE
      // A line ending in a string is an error acorn raises there: no `}` after it can help.
      else if (lineEnding && code !== 0x2028 && code !== 0x2029) known = false
      return
    }

    if (state === TEMPLATE) {
      // An escaped character is no part of `${`.
      if (escaped) {
        escaped = false
        previous = ''
      }
      else if (char === '\\') escaped = true
      else if (char === '`') state = CODE
      else if (before === '$' && char === '{') {
        open.push('$')
        state = CODE
        previous = ''
      }

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

      // Division or a regular expression: which one, only a parser knows.
      known = false
      return
    }

    if (char === "'") state = SINGLE
    else if (char === '"') state = DOUBLE
    else if (char === '`') state = TEMPLATE
    else if (char === '{' || char === '[' || char === '(') open.push(char)
    else if (char === '}' || char === ']' || char === ')') {
      const top = open.pop()
      const expected = char === '}' ? (top === '$' ? '$' : '{') : char === ']' ? '[' : '('
      if (top !== expected) known = false
      else if (top === '$') state = TEMPLATE
    } else if (char === '<') known = false
  }
}
