import * as esbuild from 'esbuild';

/**
 * A config-like file (site.config.ts, docusaurus.config.js, sidebars.js) bundled by esbuild
 * into one ES module for Node, as a data: URL to import: nothing is written anywhere, and
 * an edited file is never served from Node's module cache (the URL is its text). `options`
 * add what each caller needs (plugins deciding what stays an import, a prelude…).
 */
export async function bundledModuleUrl(file: string, options: Pick<esbuild.BuildOptions, 'plugins' | 'banner' | 'footer' | 'define'>): Promise<string> {
  const result = await esbuild.build({ entryPoints: [file], bundle: true, write: false, format: 'esm', platform: 'node', target: 'node20', logLevel: 'silent', ...options });
  return `data:text/javascript;base64,${Buffer.from(result.outputFiles[0]!.contents).toString('base64')}`;
}
