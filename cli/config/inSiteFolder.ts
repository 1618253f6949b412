/**
 * Runs a config or sidebars file's code with the site folder as the working folder, as
 * `docusaurus build` runs from there: configs write `path.resolve('src/css/x.css')` (Jest's
 * does), which named files elsewhere when the command ran from another folder, and the
 * site's stylesheets were "missing". The working folder is put back after, also when the
 * code moved it (paths typed on the command line were resolved before, see main.ts).
 */
export async function inSiteFolder<T>(siteDir: string, run: () => Promise<T>): Promise<T> {
  const typedFrom = process.cwd();
  try {
    process.chdir(siteDir);
  } catch {
    // A folder it cannot enter is reported by what reads it.
    return run();
  }
  try {
    return await run();
  } finally {
    try {
      process.chdir(typedFrom);
    } catch {
      // The folder the command was typed in is gone: the site's stays the working folder.
    }
  }
}
