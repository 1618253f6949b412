import { Worker } from 'node:worker_threads';
import type { ResolvedConfig } from '../config/types.ts';
import type { RouteGraph } from '../graph/types.ts';
import type { SiteData } from '../../runtime/pageData.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import type { PageAssets } from './document.ts';
import type { RenderedFiles } from './renderPages.ts';
import type { IndexPartsWanted } from '../search/pageIndexPart.ts';
import type { IndexMemo, IndexOptions } from '../search/buildIndex.ts';
import type { SplitState } from '../search/splitState.ts';
import type { RenderedPageText } from '../search/records.ts';
import { graphMessage, postable, type GraphMessage } from './graphMessage.ts';
import { SiteError, siteError } from '../errors/SiteError.ts';
import { catalog } from '../errors/catalog.ts';

/** What the main thread asks of the helper, in this order: the site, then its share of the pages. */
export type HelperRequest =
  | { kind: 'site'; graph: GraphMessage; config: ResolvedConfig; site: SiteData }
  /**
   * `order` lists the routes to render (indexes into the graph's routes); `next`, shared, is
   * where the next thread to take one takes it; `written`, shared, counts the helper's pages
   * the main thread has written (HELPER_LEAD); `assets`, the client bundle's files pages link to.
   */
  | { kind: 'render'; order: Int32Array; next: Int32Array; written: Int32Array; record: boolean; assets: PageAssets; search?: IndexPartsWanted }
  /** The site's whole search index, as `incrementalSearchIndex` makes it with no previous one (dev's first, see `HelperThread.searchIndex`). */
  | { kind: 'search'; documentKeys: ReadonlyMap<string, string>; reactPages: ReadonlyMap<string, RenderedPageText>; indexOptions?: IndexOptions };

/** A search index the helper made: its files, and what the next one is made from. */
export interface HelperSearchIndex {
  files: Map<string, string>;
  memo?: IndexMemo;
  split?: SplitState;
}

export type HelperReply =
  /** The page at `at` in the order, rendered. */
  | ({ kind: 'page'; at: number } & RenderedFiles)
  | ({ kind: 'search' } & HelperSearchIndex)
  | { kind: 'failed'; diagnostics?: Diagnostic[]; message: string; stack?: string };

/**
 * The build's second thread: a worker that gets the route graph (its documents' trees in
 * shared memory, see graphMessage.ts) and renders its share of the pages, taking them one
 * at a time from the same queue as the main thread, which writes every page. It runs the
 * same function as the main thread (renderPage), so the output is the same whichever
 * thread made a file. (A build without a previous index has each thread make the search
 * index's part of the pages it renders, pageIndexPart.ts; the search step, which packs what
 * is global, stays on the main thread after rendering: run beside it, its memory stacked on
 * rendering's, 1,422 MiB at 10,000 docs.)
 *
 * A page that fails on the helper fails the build as it would on the main thread, with
 * the same diagnostic; a helper that stops (an uncaught error, out of memory) fails it with
 * `render-thread-failed`, never a hang.
 */
export class HelperThread {
  private readonly pages: Extract<HelperReply, { kind: 'page' }>[] = [];
  private failure: unknown;
  private wake: (() => void) | undefined;
  private searched: HelperSearchIndex | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: HelperReply) => {
      if (reply.kind === 'page') this.pages.push(reply);
      else if (reply.kind === 'search') this.searched = reply;
      else this.fail(new SiteError(reply.diagnostics ?? [{ severity: 'error', ...catalog.renderThreadFailed(reply.message) }], { cause: Object.assign(new Error(reply.message), { stack: reply.stack }) }));
      this.wake?.();
    });
    worker.on('error', (error) => this.fail(siteError(catalog.renderThreadFailed(error.message), error)));
    worker.on('exit', (code) => {
      if (!this.closed) this.fail(siteError(catalog.renderThreadFailed(`it exited with code ${code}`)));
    });
  }

  /** Starts the worker (it loads the render code while the main thread goes on). */
  static start(): HelperThread {
    return new HelperThread(new Worker(helperEntry()));
  }

  /**
   * Gives the helper the site. False when the site cannot be posted (a value structured
   * clone cannot copy): the helper is then closed, and the main thread does all the work.
   */
  share(graph: RouteGraph, config: ResolvedConfig, site: SiteData): boolean {
    try {
      this.post({ kind: 'site', graph: graphMessage(graph), config: postable(config), site: postable(site) });
      return true;
    } catch {
      void this.close();
      return false;
    }
  }

  /** Has the helper render pages of `order`, taking each at `next`, at most HELPER_LEAD ahead of `written` (see HelperRequest). */
  render(order: Int32Array, next: Int32Array, written: Int32Array, options: { record: boolean; assets: PageAssets; search?: IndexPartsWanted }): void {
    this.post({ kind: 'render', order, next, written, ...options });
  }

  /**
   * The site's search index, made on the helper (the site shared first): `dev` makes its
   * first index of a large site there, as a build's search step would with no previous
   * one, so that the server answers meanwhile (at 10,000 docs it takes about 9 s). Pages are
   * known by `documentKeys` (see `incrementalSearchIndex`), React pages by their text.
   */
  async searchIndex(documentKeys: ReadonlyMap<string, string>, reactPages: ReadonlyMap<string, RenderedPageText>, indexOptions?: IndexOptions): Promise<HelperSearchIndex> {
    this.post({ kind: 'search', documentKeys, reactPages, ...(indexOptions && { indexOptions }) });
    while (!this.searched && !this.failure) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.failure) throw this.failure;
    return this.searched!;
  }

  /** The pages the helper rendered since the last call, in the order it posted them; throws if it failed. */
  takePages(): Extract<HelperReply, { kind: 'page' }>[] {
    if (this.failure) throw this.failure;
    return this.pages.splice(0);
  }

  /** Waits until the helper has posted a page; throws if it failed. */
  async waitForPages(): Promise<void> {
    while (this.pages.length === 0 && !this.failure) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.failure) throw this.failure;
  }

  private closed = false;

  /** Stops the worker (also when it is still working: a failed build does not wait for it). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.worker.terminate();
  }

  private post(request: HelperRequest): void {
    this.worker.postMessage(request);
  }

  private fail(error: unknown): void {
    this.failure ??= error;
    this.wake?.();
  }
}

/** The compiled CLI ships its own compiled entry (bin/site.js); from the sources (tests) the entry registers the TypeScript loader. */
function helperEntry(): URL {
  return process.env.SITE_CLI_COMPILED ? new URL('./helperWorker.mjs', import.meta.url) : new URL('./helperEntry.js', import.meta.url);
}

/**
 * From this many pages to render, a build renders on a second thread. Below it, the
 * thread's start (loading the render code and taking the graph, then rendering its first
 * pages with cold code) costs more than it saves. Measured cold, loaded machine, three
 * runs each: 522 synthetic pages, the main thread's CPU 2.7-3.0 s -> 2.3-2.5 s, the
 * process's +0.3-0.5 s, peak RSS 213-232 -> 313-317 MiB; 216 pages, main thread within
 * 0.1 s for +0.5 s of CPU; this site (188 pages), no gain in the render step's wall time.
 */
export const HELPER_MIN_PAGES = 500;

/**
 * How many of its pages the helper may have posted that the main thread has not written
 * yet: past it, it waits before taking another. The main thread writes every page, so when
 * its writes are slow (a loaded disk) the helper, rendering at full speed, took the pages
 * faster than they were written, and they waited in memory: 2,000 docs cold on this
 * machine's disk peaked at 387-652 MiB, and at 365-392 with this bound (8 alternated runs
 * each, time within noise). The main thread takes the helper's pages after each of its
 * own, so a few suffice to keep the helper busy.
 */
export const HELPER_LEAD = 16;
