/**
 * A config or sidebars file that calls `process.exit()` while it loads ended the command
 * there: `check` exited 0 with nothing checked and no word, which a CI job reads as a pass.
 * While `run` loads such a file, `process.exit` throws instead, so the call is an error
 * naming the file like any other the file throws.
 */
export async function withoutExit<T>(run: () => Promise<T>): Promise<T> {
  const exit = process.exit;
  process.exit = ((code?: number | string | null) => {
    throw new Error(`it calls process.exit(${code ?? ''}) while it loads, which would end the command there`);
  }) as typeof process.exit;
  try {
    return await run();
  } finally {
    process.exit = exit;
  }
}
