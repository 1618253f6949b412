import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './cli.ts';

/** Starts `site dev` on a free port and resolves with its URL once it is ready. */
export function startDev(siteDir: string, timeoutMs = 30_000, env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/site.js'), 'dev', siteDir, '--port', '0'], { env: { ...process.env, NO_COLOR: '1', ...env } });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready in .* at (http:\/\/\S+?)\/?\s/.exec(output);
      if (match) resolve({ url: match[1]!, child, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`dev exited with ${code}:\n${output}`)));
    setTimeout(() => reject(new Error(`dev did not start:\n${output}`)), timeoutMs);
  });
}

/** Stops it with Ctrl+C and resolves with the exit code. */
export function stopDev(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    // Already gone (a test that failed because it ended): nothing will say so again.
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGINT');
  });
}
