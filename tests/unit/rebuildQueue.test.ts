import { describe, expect, it } from 'vitest';
import { RebuildQueue, type Change, type QueueTimers } from '../../cli/dev/rebuildQueue.ts';

/** Timers driven by the test: `tick()` fires whatever is due. */
function manualTimers(): QueueTimers & { tick(): void } {
  let pending: (() => void) | null = null;
  return {
    set: (fn) => (pending = fn),
    clear: () => (pending = null),
    tick: () => {
      const fn = pending;
      pending = null;
      fn?.();
    },
  };
}

const change = (path: string): Change => ({ kind: 'content', path });

describe('RebuildQueue', () => {
  it('gathers a burst of events into one batch without duplicates', async () => {
    const timers = manualTimers();
    const batches: string[][] = [];
    const queue = new RebuildQueue(async (batch) => void batches.push(batch.map((c) => c.path)), { quietMs: 10, timers });
    for (let i = 0; i < 50; i++) queue.push(change(i % 2 ? '/a.md' : '/b.md'));
    expect(batches).toEqual([]);
    timers.tick();
    await queue.idle();
    expect(batches).toEqual([['/b.md', '/a.md']]);
  });

  it('never runs two rebuilds at once; events during a rebuild form the next batch', async () => {
    const timers = manualTimers();
    const log: string[] = [];
    let release!: () => void;
    let running = 0;
    const queue = new RebuildQueue(
      async (batch) => {
        running++;
        expect(running).toBe(1);
        log.push(`start ${batch.map((c) => c.path).join(',')}`);
        if (batch[0]!.path === '/first.md') await new Promise<void>((r) => (release = r));
        log.push('end');
        running--;
      },
      { quietMs: 10, timers },
    );
    queue.push(change('/first.md'));
    timers.tick();
    queue.push(change('/second.md'));
    queue.push(change('/third.md'));
    timers.tick();
    expect(log).toEqual(['start /first.md']);
    release();
    await queue.idle();
    expect(log).toEqual(['start /first.md', 'end', 'start /second.md,/third.md', 'end']);
  });

  it('keeps going after a failed rebuild, and ignores events once closed', async () => {
    const timers = manualTimers();
    const batches: number[] = [];
    const queue = new RebuildQueue(
      async (batch) => {
        batches.push(batch.length);
        if (batches.length === 1) throw new Error('boom');
      },
      { quietMs: 10, timers },
    );
    queue.push(change('/a.md'));
    timers.tick();
    await queue.idle();
    queue.push(change('/b.md'));
    timers.tick();
    await queue.idle();
    queue.close();
    queue.push(change('/c.md'));
    timers.tick();
    await queue.idle();
    expect(batches).toEqual([1, 1]);
  });
});
