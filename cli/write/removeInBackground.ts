import fs from 'node:fs';
import os from 'node:os';
import { spawn } from 'node:child_process';
import { MARKER_FILE } from './outputFolder.ts';

/**
 * Moves `dir` to `${target}.old-PID` and removes it there in a detached process `PID`, at
 * low priority; false (and `dir` left where it was) when no process could be started.
 */
export function removeInBackground(dir: string, target: string): boolean {
  // The folder is named only once the process runs, so the process waits for it (briefly).
  const script = `const fs = require('node:fs'), path = require('node:path');
const dir = process.argv[1] + process.pid, marker = ${JSON.stringify(MARKER_FILE)};
let waited = 0;
const remove = () => {
  if (!fs.existsSync(dir)) { if ((waited += 50) < 5000) setTimeout(remove, 50); return; }
  for (const name of fs.readdirSync(dir)) if (name !== marker) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
};
remove();`;
  let pid: number | undefined;
  try {
    const child = spawn(process.execPath, ['-e', script, `${target}.old-`], { detached: true, stdio: 'ignore' });
    // A failure after the start is reported here, once the build is done: the next build's recovery removes the folder.
    child.on('error', () => undefined);
    child.unref();
    pid = child.pid;
  } catch {
    // No process: removed here.
  }
  if (pid === undefined) return false;
  try {
    fs.renameSync(dir, `${target}.old-${pid}`);
  } catch {
    // Its process finds nothing and ends; removed here.
    return false;
  }
  try {
    os.setPriority(pid, 19);
  } catch {
    // Normal priority, then.
  }
  return true;
}
