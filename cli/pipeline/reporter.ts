/**
 * Build output for people: each stage on its own line with ✓/✗ and its duration, a live
 * progress count on a terminal, plain lines elsewhere, colour only on a terminal and
 * never with NO_COLOR.
 */
export interface Reporter {
  /** Runs one named stage and reports how it went. */
  step<T>(name: string, run: (progress: (done: number, total: number) => void) => T | Promise<T>): Promise<T>;
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

export interface ReporterOptions {
  stream?: NodeJS.WritableStream & { isTTY?: boolean };
  color?: boolean;
  quiet?: boolean;
}

export function useColor(stream: { isTTY?: boolean }): boolean {
  return Boolean(stream.isTTY) && !('NO_COLOR' in process.env) && process.env.TERM !== 'dumb';
}

export function createReporter(options: ReporterOptions = {}): Reporter {
  const stream = options.stream ?? process.stderr;
  const tty = Boolean(stream.isTTY);
  const color = options.color ?? useColor(stream);
  const paint = (code: number, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const write = (line: string) => {
    if (!options.quiet) stream.write(`${line}\n`);
  };
  return {
    async step(name, run) {
      const start = performance.now();
      let lastDraw = 0;
      const progress = (done: number, total: number) => {
        if (!tty || options.quiet) return;
        const now = performance.now();
        if (now - lastDraw < 80 && done < total) return;
        lastDraw = now;
        stream.write(`\r  ${name} ${done}/${total}\x1b[K`);
      };
      try {
        const result = await run(progress);
        if (tty && !options.quiet) stream.write('\r\x1b[K');
        write(`${paint(32, '✓')} ${name} ${paint(2, formatDuration(performance.now() - start))}`);
        return result;
      } catch (error) {
        if (tty && !options.quiet) stream.write('\r\x1b[K');
        write(`${paint(31, '✗')} ${name} ${paint(2, formatDuration(performance.now() - start))}`);
        throw error;
      }
    },
    info: (line) => write(line),
    warn: (line) => write(paint(33, line)),
    error: (line) => write(paint(31, line)),
  };
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/**
 * 10021 → "10,021", as CI logs show counts. Not `toLocaleString('en-US')`: its first call
 * loads the locale data, 30 ms of a rebuild's CPU for one line.
 */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
