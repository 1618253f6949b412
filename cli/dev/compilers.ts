import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { SiteData } from '../../runtime/pageData.ts';
import type { ServerRender } from '../render/renderRoute.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import { clientBuildOptions, collectBundle, type ClientBundle, type SiteCode } from '../bundle/clientBundle.ts';


/** Styles are the client bundle's business: on the server every CSS import (packages' too) is empty. */
const ignoreStyles: esbuild.Plugin = {
  name: 'ignore-styles',
  setup(build) {
    build.onResolve({ filter: /\.css$/ }, (args) => ({ path: args.path, namespace: 'ignored-style' }));
    build.onLoad({ filter: /.*/, namespace: 'ignored-style' }, () => ({ contents: '', loader: 'js' }));
  },
};

/**
 * The theme's server render, compiled with an incremental esbuild context so that an
 * edit in themes/ or runtime/ reaches the pages without restarting. Each compile is
 * imported from a file named for its hash (Node caches modules by URL).
 */
export class ServerRenderer {
  private constructor(
    private readonly context: esbuild.BuildContext<{ write: false }>,
    private readonly dir: string,
  ) {}

  static async create(dir: string): Promise<ServerRenderer> {
    fs.mkdirSync(dir, { recursive: true });
    const context = await esbuild.context({
      entryPoints: { 'entry-server': path.join(PACKAGE_ROOT, 'runtime/entry-server.tsx') },
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      jsx: 'automatic',
      // Split, as the client is: code the browser loads on demand (search) stays out of the server's way.
      splitting: true,
      outdir: path.join(dir, 'server'),
      outExtension: { '.js': '.mjs' },
      logLevel: 'silent',
      plugins: [ignoreStyles],
    });
    return new ServerRenderer(context, dir);
  }

  /** Compiles (incrementally) and loads the current theme's server render. */
  async load(): Promise<ServerRender> {
    const result = await this.context.rebuild();
    const hash = createHash('sha1');
    for (const file of result.outputFiles) hash.update(file.path).update(file.contents);
    // Each compile gets its own folder: Node caches modules by URL.
    const target = path.join(this.dir, `server-${hash.digest('hex').slice(0, 10)}`);
    if (!fs.existsSync(target)) {
      for (const file of result.outputFiles) {
        const dest = path.join(target, path.relative(path.join(this.dir, 'server'), file.path));
        fs.mkdirSync(path.dirname(dest), { recursive: true });
        fs.writeFileSync(dest, file.contents);
      }
    }
    return (await import(pathToFileURL(path.join(target, 'entry-server.mjs')).href)) as ServerRender;
  }

  async dispose(): Promise<void> {
    await this.context.dispose();
  }
}

/** The client bundle with an incremental esbuild context: the build's bundle, rebuilt after theme edits. */
export class ClientBuilder {
  private constructor(
    private readonly context: esbuild.BuildContext<{ write: false; metafile: true }>,
    private readonly outDir: string,
    private readonly baseUrl: string,
  ) {}

  static async create(site: SiteData, outDir: string, siteCode?: SiteCode): Promise<ClientBuilder> {
    const context = await esbuild.context(clientBuildOptions(site, outDir, siteCode));
    return new ClientBuilder(context, outDir, site.baseUrl);
  }

  async build(): Promise<ClientBundle> {
    return collectBundle(await this.context.rebuild(), this.outDir, this.baseUrl);
  }

  async dispose(): Promise<void> {
    await this.context.dispose();
  }
}
