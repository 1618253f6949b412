// Changed from upstream (a file of our own): see expression-scanner.js.
export interface ExpressionScanner {
  /** False once the scanner cannot follow the code as acorn would: every `}` may then end it. */
  readonly known: boolean
  /** Reads one micromark code (a character, or -5, -4, -3 for a line ending, -2, -1 for tabs). */
  feed(code: number): void
  /** Whether the expression may end at a `}` that comes now. */
  mayEnd(): boolean
}
export function createExpressionScanner(): ExpressionScanner
