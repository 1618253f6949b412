/**
 * Runs the site's own code (a config as it loads, a page as it renders) with deep stacks:
 * the site's frame of an error thrown inside Node's require or a package it calls lies
 * below their frames, past V8's default ten under a long call chain, and could not be
 * placed in the author's file (moduleUrl.ts, siteCodePlace.ts). For a promise, the depth
 * holds until it settles.
 */
export function withDeepStacks<T>(run: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = Math.max(limit, 100);
  let result: T;
  try {
    result = run();
  } catch (error) {
    Error.stackTraceLimit = limit;
    throw error;
  }
  if (result instanceof Promise) return result.finally(() => (Error.stackTraceLimit = limit)) as T;
  Error.stackTraceLimit = limit;
  return result;
}
