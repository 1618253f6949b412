import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { formatDiagnostic, type Diagnostic } from './report/diagnostic.ts';
import { catalog } from './errors/catalog.ts';
import { SiteError } from './errors/SiteError.ts';

/**
 * The site's own code runs on this thread: its config and sidebars files, and its React
 * components as pages render. Code that never ends there (`while (true) {}`, a component
 * that renders itself: 4 GB in a minute) blocks the thread, so nothing on it can notice.
 * A small worker watches instead: the main thread counts each task it begins in shared
 * memory; when one runs `limitMs` without ending, the worker tells the main thread which,
 * and stops the main thread's JavaScript through the inspector (as a debugger pauses a
 * loop). The main thread's event loop then takes the message, reports the task at its
 * file, runs the cleanups registered (the build removes its unfinished folder, and the
 * previous build folder stays whole, as after any failure), and ends the command with
 * exit code 1; or, inside a `guard` (dev's rebuilds), ends only the work it ran in.
 */

/**
 * Long past any real task (the largest page renders in about a second, a config loads in a
 * fraction of one), and short of memory running out: a component that renders itself takes
 * about 100 MB a second.
 */
const DEFAULT_LIMIT_MS = 15_000;

/** Node's own exit, as it is when the CLI starts: a config stopped while it loads may have left process.exit replaced (noExit.ts). */
const exitProcess: (code?: number) => never = process.exit.bind(process);

/** How long a stopped command waits for its cleanups (removing a folder of a few thousand files). */
const CLEANUP_MS = 10_000;

/** A task of a guard's work was stopped: the work ended there, perhaps half done. */
export class TaskStoppedError extends SiteError {}

/** A task the main thread runs: what it is, and the file whose code it runs. */
export interface WatchedTask {
  what: string;
  file?: string;
}

/** How long the worker waits for a thread that is not busy to take its word before it stops the thread's JavaScript. */
const TAKEN_WAIT_MS = 1000;

const SCRIPT = `
const { workerData, parentPort } = require('node:worker_threads');
const state = new Int32Array(workerData.state);
let seen = -1;
let since = Date.now();
setInterval(() => {
  const task = Atomics.load(state, 0);
  const now = Date.now();
  if (Atomics.load(state, 1) === 0 || task !== seen) {
    seen = task;
    since = now;
    return;
  }
  if (now - since < workerData.limitMs) return;
  // Once for this task; the watch goes on for the next (a guarded task ends only its work).
  since = Infinity;
  // Said in shared memory first: the main thread may find the event loop empty before the message.
  Atomics.store(state, 2, 1);
  Atomics.store(state, 3, 0);
  Atomics.store(state, 4, 0);
  parentPort.postMessage(task);
  // A thread that is not busy (its task awaits what never comes) takes the message at once
  // and says so: stopping its JavaScript then would cut short whatever it ran next.
  if (Atomics.wait(state, 3, 0, ${TAKEN_WAIT_MS}) !== 'timed-out') return;
  // Busy: its JavaScript is stopped (said first, so the message can tell a loop from a wait).
  Atomics.store(state, 4, 1);
  try {
    const session = new (require('node:inspector').Session)();
    session.connectToMainThread();
    // Let go once done, as the watch goes on: a session still held at exit keeps Node "waiting for the debugger to disconnect".
    session.post('Runtime.terminateExecution', () => session.disconnect());
  } catch {
    // No inspector in this Node: the process can only be ended from here, without the place.
    require('node:fs').writeSync(2, 'Stopped: the site\\'s own code ran for ' + workerData.limitMs / 1000 + ' s without finishing.\\n');
    process.kill(process.pid, 'SIGKILL');
  }
}, Math.min(1000, workerData.limitMs / 4));
`;

/**
 * The watch over the site's code on this thread. A task that never ends is reported at its
 * file, the cleanups registered run, the command's headline follows, and it exits 1.
 */
class Watchdog {
  private worker: Worker | undefined;
  /** [the task count, whether a task runs, whether the worker is stopping the task, whether this thread took the worker's word, whether the worker stopped its JavaScript (busy, not waiting)]. */
  private readonly state = new Int32Array(new SharedArrayBuffer(20));
  private stopped = false;
  private readonly tasks = new Map<number, WatchedTask>();
  private count = 0;
  private depth = 0;
  private readonly cleanups = new Set<() => Promise<void>>();
  /** The work of open guards, each ended (rejected) when a task in it is stopped. */
  private readonly guards = new Set<(error: TaskStoppedError) => void>();
  /** The command's last line when it is stopped, as when it fails. */
  headline = 'Stopped.';

  /**
   * Runs `cleanup` if the command is stopped while it is registered (the build's unfinished
   * folder is removed, as a failed build's is); returns what unregisters it.
   */
  whileRunning(cleanup: () => Promise<void>): () => void {
    this.cleanups.add(cleanup);
    return () => this.cleanups.delete(cleanup);
  }

  private async stop(problem: Diagnostic): Promise<never> {
    // Written at once: process.exit does not wait for a pipe.
    fs.writeSync(2, `\n${formatDiagnostic(problem)}\n`);
    const cleaned = Promise.allSettled([...this.cleanups].map((cleanup) => cleanup()));
    await Promise.race([cleaned, new Promise((resolve) => setTimeout(resolve, CLEANUP_MS))]);
    fs.writeSync(2, `${this.headline}\n`);
    // The worker may still hold its inspector session (its reply from the stopped thread not
    // yet taken): ended first, or Node prints "Waiting for the debugger to disconnect..." after the headline.
    await Promise.race([this.worker?.terminate(), new Promise((resolve) => setTimeout(resolve, 1000))]);
    exitProcess(1);
  }

  /**
   * Runs `work` so that a task stopped inside it ends that work only: the promise returned
   * rejects with the problem (a SiteError), the watch goes on, and so does the process.
   * dev's rebuilds run so: the author fixes the file and saves again, and the server never
   * went away. (`work`'s own promise never settles: its code was stopped where it ran.)
   */
  guard<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.guards.add(reject);
      (async () => work())()
        .then(resolve, reject)
        .finally(() => this.guards.delete(reject));
    });
  }

  /** A task in a guard was stopped: its guards fail with the problem, and the next task is watched afresh. */
  private endGuarded(problem: Diagnostic): void {
    this.depth = 0;
    this.stopped = false;
    Atomics.store(this.state, 1, 0);
    Atomics.store(this.state, 2, 0);
    this.worker?.unref();
    const error = new TaskStoppedError([problem]);
    for (const reject of this.guards) reject(error);
    this.guards.clear();
  }

  /** Runs `run` as a watched task (one inside another is watched as the outer one). */
  async run<T>(task: WatchedTask, run: () => Promise<T> | T): Promise<T> {
    // Not held: a task that awaits what never comes must let the event loop run dry (untilSettled.ts).
    this.begin(task, false);
    try {
      return await run();
    } finally {
      this.end();
    }
  }

  /**
   * Within a task, says it made progress, and what it is now: the watch's clock starts again
   * (work that ends many parts concurrently is stuck only when none ends for the limit).
   */
  progress(task: WatchedTask): void {
    if (this.depth === 0 || !this.worker) return;
    const id = ++this.count;
    this.tasks.clear();
    this.tasks.set(id, task);
    Atomics.store(this.state, 0, id);
  }

  /** Runs the synchronous `run` as a watched task, without a promise: a page's render is one. */
  runSync<T>(task: WatchedTask, run: () => T): T {
    this.begin(task, true);
    try {
      return run();
    } finally {
      this.end();
    }
  }

  /** Whether the worker stopped this thread's JavaScript, and the command is ending. */
  get stopping(): boolean {
    return Atomics.load(this.state, 2) === 1;
  }

  /** `hold`: keep the process running while the task runs, so that the worker's word is taken even if nothing else is left. */
  private begin(task: WatchedTask, hold: boolean): void {
    if (this.depth++ > 0) return;
    if (!this.start()) return;
    const id = ++this.count;
    this.tasks.clear();
    this.tasks.set(id, task);
    Atomics.store(this.state, 0, id);
    Atomics.store(this.state, 1, 1);
    if (hold) this.worker?.ref();
  }

  private end(): void {
    if (--this.depth > 0) return;
    Atomics.store(this.state, 1, 0);
    this.worker?.unref();
  }

  /** The worker, started at the first task; false when none can start (the tasks then run unwatched). */
  private start(): boolean {
    if (this.worker) return true;
    const limitMs = Number(process.env.SITE_TASK_LIMIT_MS) > 0 ? Number(process.env.SITE_TASK_LIMIT_MS) : DEFAULT_LIMIT_MS;
    try {
      this.worker = new Worker(SCRIPT, { eval: true, workerData: { state: this.state.buffer, limitMs }, resourceLimits: { maxYoungGenerationSizeMb: 1 } });
    } catch {
      return false;
    }
    this.worker.on('error', () => (this.worker = undefined));
    // The worker's message, or the event loop running dry once the stopped thread left nothing to run, whichever comes first.
    const stopped = () => {
      Atomics.store(this.state, 3, 1);
      Atomics.notify(this.state, 3);
      if (this.stopped) return;
      this.stopped = true;
      const task = this.tasks.get(Atomics.load(this.state, 0)) ?? { what: "The site's own code" };
      // A thread that took the word at once was not running the task's code but waiting for what it awaits.
      const waiting = Atomics.load(this.state, 4) === 0;
      if (this.guards.size > 0) this.endGuarded({ severity: 'error', file: task.file, ...catalog.taskNeverEnded(task.what, limitMs / 1000, 'this rebuild', waiting) });
      else void this.stop({ severity: 'error', file: task.file, ...catalog.taskNeverEnded(task.what, limitMs / 1000, 'the command', waiting) });
    };
    this.worker.on('message', stopped);
    process.on('beforeExit', () => {
      if (this.stopping) stopped();
    });
    // After the listeners, which hold the process as they are added: never what keeps it running.
    this.worker.unref();
    return true;
  }
}

/** The one watch of this process's main thread. */
export const watchdog = new Watchdog();
