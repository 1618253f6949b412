import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PACKAGE_ROOT } from '../paths.ts';

const require = createRequire(path.join(PACKAGE_ROOT, 'package.json'));
const found = new Map<string, { version: string; root: string }>();

/**
 * A package of the generator's own whose browser files a site publishes as they ship
 * (Mermaid's build, KaTeX's stylesheet and fonts): its version, which names the folder
 * they are published in (a host that caches assets for long never serves an old copy
 * with a new site), and its folder.
 */
export function generatorPackage(name: string): { version: string; root: string } {
  let known = found.get(name);
  if (!known) {
    const manifest = require.resolve(`${name}/package.json`);
    known = { version: (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version, root: path.dirname(manifest) };
    found.set(name, known);
  }
  return known;
}
