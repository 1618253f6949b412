import fs from 'node:fs';

/** What Linux says of a process (/proc/PID/stat): its state, and when it started (ticks since boot). Undefined elsewhere, or when it is gone. */
function procStat(pid: number): { state: string; start: string } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "PID (name) STATE PPID …": the name may hold spaces and parentheses; the fields after its last ")" do not.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return fields.length > 19 ? { state: fields[0]!, start: fields[19]! } : undefined;
}

/**
 * This process as a lock records it: its id, and when it started where the system says
 * ("PID START"). An id is reused once its process is gone; with the start, the record names
 * one process only.
 */
export function processStamp(): string {
  const start = procStat(process.pid)?.start;
  return start ? `${process.pid} ${start}` : String(process.pid);
}

/** Reads what `processStamp` wrote (or an id alone). */
export function parseStamp(text: string): { pid: number; start?: string } {
  const [pid, start] = text.trim().split(/\s+/);
  return { pid: Number(pid), start: start || undefined };
}

/**
 * Whether a process with this id runs now (on this machine), and is the one started at
 * `start` when that is given. A zombie runs no more: a build killed in a container with no
 * init to reap it stays one, and held its folder's lock for ever.
 */
export function isRunning(pid: number, start?: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(pid);
  if (stat && (stat.state === 'Z' || stat.state === 'X')) return false;
  return !(stat && start && stat.start !== start);
}
