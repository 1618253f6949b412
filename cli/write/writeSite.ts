import fs from 'node:fs/promises';
import path from 'node:path';

/** Everything a build writes, in memory until `writeSite` commits it. */
export interface SiteOutput {
  /** Path relative to the output folder → contents. */
  files: Map<string, string | Uint8Array>;
  /** Folders copied verbatim first (static/), so generated files win. */
  copyDirs: string[];
  /** Single files copied in: site-relative source → output-relative target. */
  copyFiles: Map<string, string>;
}

/** Output file of a route: "/a/b/" → "a/b/index.html"; "/404.html" stays. */
export function routeFile(routePath: string): string {
  return routePath.endsWith('/') ? `${routePath.slice(1)}index.html` : routePath.slice(1);
}

/**
 * Writes the site into a fresh folder beside `outDir`, then swaps it in. A failed or
 * killed build never leaves a half-written `outDir`: the previous one stays until the
 * new one is complete.
 */
export async function writeSite(outDir: string, output: SiteOutput, siteDir: string): Promise<{ bytes: number; files: number }> {
  const target = path.resolve(outDir);
  const temp = `${target}.tmp-${process.pid}`;
  await fs.rm(temp, { recursive: true, force: true });
  await fs.mkdir(temp, { recursive: true });
  try {
    for (const dir of output.copyDirs) {
      await fs.cp(dir, temp, { recursive: true, force: true, errorOnExist: false }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
    const made = new Set<string>();
    const ensureDir = async (file: string) => {
      const dir = path.dirname(file);
      if (made.has(dir)) return;
      await fs.mkdir(dir, { recursive: true });
      made.add(dir);
    };
    for (const [from, to] of output.copyFiles) {
      const dest = path.join(temp, to);
      await ensureDir(dest);
      await fs.copyFile(path.join(siteDir, from), dest);
    }
    const entries = [...output.files];
    let bytes = 0;
    const CONCURRENCY = 64;
    for (let i = 0; i < entries.length; i += CONCURRENCY) {
      await Promise.all(
        entries.slice(i, i + CONCURRENCY).map(async ([rel, contents]) => {
          const dest = path.join(temp, rel);
          await ensureDir(dest);
          await fs.writeFile(dest, contents);
          bytes += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
        }),
      );
    }
    const old = `${target}.old-${process.pid}`;
    const hadPrevious = await fs.stat(target).then(() => true, () => false);
    if (hadPrevious) await fs.rename(target, old);
    await fs.rename(temp, target);
    if (hadPrevious) await fs.rm(old, { recursive: true, force: true });
    return { bytes, files: entries.length };
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true });
    throw error;
  }
}
