import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PACKAGE_ROOT } from '../paths.ts';

/**
 * Mermaid's browser build, published with a site that turns on markdown.mermaid: its
 * prebuilt, minified ES module and the chunks it imports (a diagram type's code is a chunk,
 * so a page loads only what its diagrams need). Published as Mermaid ships it rather than
 * bundled with the site: bundling its 600 modules took seconds of every build, for a
 * script no page needs until it shows a diagram. The folder is named by Mermaid's version,
 * so a host that caches assets for long never serves an old copy with a new site.
 */
const require = createRequire(path.join(PACKAGE_ROOT, 'package.json'));

let found: { version: string; dist: string } | undefined;
function mermaidPackage(): { version: string; dist: string } {
  if (!found) {
    const manifest = require.resolve('mermaid/package.json');
    found = { version: (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version, dist: path.join(path.dirname(manifest), 'dist') };
  }
  return found;
}

/** The output folder Mermaid's files are published in, from the output folder's root. */
function outputFolder(): string {
  return `assets/mermaid-${mermaidPackage().version}`;
}

/** The path of Mermaid's module in the site, from its root (`/assets/mermaid-11.17.2/mermaid.esm.min.mjs`), before the base URL. */
export function mermaidScriptPath(): string {
  return `/${outputFolder()}/mermaid.esm.min.mjs`;
}

/** Each file to publish, as [absolute source, output path]: the module and its chunks, without source maps. */
export function mermaidFiles(): [string, string][] {
  const { dist } = mermaidPackage();
  const chunks = path.join(dist, 'chunks', 'mermaid.esm.min');
  return [
    [path.join(dist, 'mermaid.esm.min.mjs'), `${outputFolder()}/mermaid.esm.min.mjs`],
    ...fs
      .readdirSync(chunks)
      .filter((name) => name.endsWith('.mjs'))
      .sort()
      .map((name): [string, string] => [path.join(chunks, name), `${outputFolder()}/chunks/mermaid.esm.min/${name}`]),
  ];
}
