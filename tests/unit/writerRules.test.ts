import fs from 'node:fs';
import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SiteWriter } from '../../cli/write/writeSite.ts';
import { MARKER_FILE, assertSafeOutputFile, assertSafeOutputFolder, markerText, readMarker } from '../../cli/write/outputFolder.ts';
import { acquireOutputLock, discardSpare, recoverOutputFolder, repairOutputFolder, swapIn, takeSpare } from '../../cli/write/swap.ts';
import { sideFolders } from '../../cli/write/outputFolder.ts';
import { isRunning } from '../../cli/process.ts';
import { MANIFEST_FORMAT, stampOf, type BuildManifest } from '../../cli/write/buildCache.ts';
import { WRITER_LEAD, WriterThread } from '../../cli/write/writerThread.ts';
import type { Worker } from 'node:worker_threads';

/** The writer's safety rules, in process: what it writes, replaces, repairs, and refuses. */

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
function tempDir(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'writer-rules-')));
  temps.push(dir);
  return dir;
}
/** A folder of files, as `{ name: text }`. */
function folder(dir: string, files: Record<string, string>): string {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else out[child] = fs.readFileSync(path.join(dir, child), 'utf8');
    }
  };
  walk('');
  return out;
}
const ours = (state: 'writing' | 'complete', files: Record<string, string> = {}) => ({ [MARKER_FILE]: markerText(state), ...files });
/** A process id that is not running. */
const DEAD_PID = 2 ** 22 + 12345;

describe('SiteWriter', () => {
  it('writes every file (many at once), counts files and bytes, and swaps the folder in on commit, leaving nothing beside it', async () => {
    const dir = tempDir();
    const out = path.join(dir, 'build');
    const writer = await SiteWriter.open(out);
    for (let i = 0; i < 100; i++) await writer.write(`p${i}/index.html`, `page ${i}`);
    await writer.write('data.bin', new Uint8Array([1, 2, 3]));
    await writer.write('é.txt', 'é');
    await writer.commit();
    const files = tree(out);
    expect(Object.keys(files)).toHaveLength(103);
    expect(files['p99/index.html']).toBe('page 99');
    expect(readMarker(out)).toBe('complete');
    expect(writer.files).toBe(102);
    // 'page 0'…'page 9' are 6 bytes, 'page 10'…'page 99' 7; three raw bytes; 'é' is two bytes in UTF-8.
    expect(writer.bytes).toBe(10 * 6 + 90 * 7 + 3 + 2);
    expect(fs.readdirSync(dir)).toEqual(['build']);
  });

  // The previous build's files stamped by a worker thread (outputStamps.ts; a large site's, here forced).
  for (const stampWorkerFrom of [Infinity, 0]) {
    it(`keeps a previous file only while it looks as recorded, and never one edited by hand (${stampWorkerFrom === 0 ? 'stamped by a worker' : 'stamped in turn'})`, async () => {
      const dir = tempDir();
      const out = path.join(dir, 'build');
      const first = await SiteWriter.open(out);
      first.recording = true;
      for (let i = 0; i < 20; i++) await first.write(`p${i}/index.html`, `page ${i}`);
      await first.commit();
      const manifest: BuildManifest = { format: MANIFEST_FORMAT, configId: 'c', marker: first.marker!, outputs: first.outputs, pages: {} };
      fs.appendFileSync(path.join(out, 'p3/index.html'), ' edited');
      fs.rmSync(path.join(out, 'p4/index.html'));
      const second = await SiteWriter.open(out, { previous: () => manifest, stampWorkerFrom });
      second.recording = true;
      expect(second.reuse(['p0/index.html', 'p1/index.html'])).toBe(true);
      expect(second.reuse(['p3/index.html'])).toBe(false);
      expect(second.reuse(['p2/index.html', 'p4/index.html'])).toBe(false);
      expect(second.reuse(['p5/index.html'])).toBe(true);
      for (const i of [2, 3, 4]) await second.write(`p${i}/index.html`, `page ${i}`);
      for (let i = 6; i < 20; i++) expect(second.reuse([`p${i}/index.html`])).toBe(true);
      await second.commit();
      const { [MARKER_FILE]: _, ...pages } = tree(out);
      expect(pages).toEqual(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}/index.html`, `page ${i}`])));
      // Kept files are the very files (their mtime stays).
      expect(stampOf(path.join(out, 'p0/index.html'))?.mtimeMs).toBe(manifest.outputs['p0/index.html']!.mtimeMs);
    });
  }

  describe('on its writer thread (writerThread.ts)', () => {
    /** A writer of a new folder whose files are written on its thread. */
    const openOffThread = async (out: string, options?: Parameters<typeof SiteWriter.open>[1]) => {
      const writer = await SiteWriter.open(out, options);
      writer.writeOffThread();
      return writer;
    };

    it('writes every file, counts them, records how each looks, and a later write of a path wins', async () => {
      const dir = tempDir();
      const out = path.join(dir, 'build');
      const source = folder(path.join(dir, 'src'), { 'pic.png': 'png bytes' });
      const first = await openOffThread(out);
      first.recording = true;
      await first.copyFile(path.join(source, 'pic.png'), 'robots.txt');
      for (let i = 0; i < 200; i++) await first.write(`p${i}/index.html`, `page ${i}`);
      await first.write('robots.txt', 'generated');
      await first.write('p7/index.html', 'page 7, again');
      await first.write('data.bin', new Uint8Array([1, 2, 3]));
      await first.commit();
      const { [MARKER_FILE]: _, ...files } = tree(out);
      expect(files).toEqual({
        ...Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`p${i}/index.html`, i === 7 ? 'page 7, again' : `page ${i}`])),
        'robots.txt': 'generated',
        'data.bin': '\x01\x02\x03',
      });
      // Each write counted, the second of a path too; the copy is the site's own file.
      expect([first.files, first.bytes]).toEqual([203, 10 * 6 + 90 * 7 + 100 * 8 + 'page 7, again'.length + 'generated'.length + 3]);
      expect(fs.readdirSync(dir).sort()).toEqual(['build', 'src']);
      // Recorded as they are on disk: the next build keeps them (a file whose stamp differs it would not).
      for (const rel of ['p0/index.html', 'p7/index.html', 'robots.txt']) expect(first.outputs[rel]).toMatchObject(stampOf(path.join(out, rel))!);
      const manifest: BuildManifest = { format: MANIFEST_FORMAT, configId: 'c', marker: first.marker!, outputs: first.outputs, pages: {} };
      const second = await SiteWriter.open(out, { previous: () => manifest });
      expect(second.reuse(['p0/index.html', 'p7/index.html', 'robots.txt', 'data.bin'])).toBe(true);
      await second.abort();
    });

    it('never writes through a file kept from the previous build (a link to it): the new one replaces the link', async () => {
      const dir = tempDir();
      const out = path.join(dir, 'build');
      const first = await SiteWriter.open(out);
      first.recording = true;
      await first.write('index.html', 'old');
      await first.commit();
      const manifest: BuildManifest = { format: MANIFEST_FORMAT, configId: 'c', marker: first.marker!, outputs: first.outputs, pages: {} };
      const second = await openOffThread(out, { previous: () => manifest });
      expect(second.reuse(['index.html'])).toBe(true);
      await second.write('index.html', 'new');
      // Until the swap, build/ is the previous build, whole.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('old');
      await second.commit();
      expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('new');
    });

    it('fails the build with the folder named when a write fails, and keeps the previous build', async () => {
      const dir = tempDir();
      const out = folder(path.join(dir, 'build'), ours('complete', { 'index.html': 'old' }));
      const writer = await openOffThread(out);
      await writer.write('a', 'a file');
      // The thread finds the failure after the call returned: the writes after it say so (the build stops there), and the commit.
      await writer.write('a/b.html', 'under a file').catch(() => undefined);
      await expect.poll(() => writer.write('c.html', 'x').then(() => 'written', (error: unknown) => String(error))).toMatch(/a part of the path is a file/);
      await expect(writer.commit()).rejects.toThrow(/The output cannot be written: a part of the path is a file, not a folder/);
      await expect(writer.write('c.html', 'after the failure')).rejects.toThrow(/a part of the path is a file/);
      expect(tree(out)).toEqual(ours('complete', { 'index.html': 'old' }));
      await writer.abort();
      expect(fs.readdirSync(dir)).toEqual(['build']);
    });

    it('on abort, ends the thread and keeps the previous build whole', async () => {
      const dir = tempDir();
      const out = folder(path.join(dir, 'build'), ours('complete', { 'index.html': 'old' }));
      const writer = await openOffThread(out);
      for (let i = 0; i < 100; i++) await writer.write(`p${i}/index.html`, 'new');
      await writer.abort();
      expect(tree(out)).toEqual(ours('complete', { 'index.html': 'old' }));
      expect(fs.readdirSync(dir)).toEqual(['build']);
    });

    it(`holds the rendering back while ${WRITER_LEAD} files wait for a slow disk`, async () => {
      const dir = tempDir();
      const out = path.join(dir, 'build');
      const writer = await openOffThread(out);
      // A named pipe: writing it blocks the thread until something reads it, as a stalled disk would.
      const pipe = path.join(sideFolders(out).temp, 'slow.html');
      execFileSync('mkfifo', [pipe]);
      await writer.write('slow.html', 'slow');
      let written = 0;
      const writes = Array.from({ length: WRITER_LEAD + 2 }, (_, i) => writer.write(`p${i}.html`, `page ${i}`).then(() => written++));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The pipe's file and WRITER_LEAD - 1 more are handed over; the others wait.
      expect(written).toBe(WRITER_LEAD - 1);
      expect(fs.readFileSync(pipe, 'utf8')).toBe('slow');
      await Promise.all(writes);
      expect(written).toBe(WRITER_LEAD + 2);
      await writer.commit();
      expect(fs.readFileSync(path.join(out, `p${WRITER_LEAD + 1}.html`), 'utf8')).toBe(`page ${WRITER_LEAD + 1}`);
    });
  });

  it('a writer thread that stops on its own ends the build: what waits for it fails, nothing hangs', async () => {
    const dir = tempDir();
    const file = (name: string) => path.join(dir, name);
    const thread = WriterThread.start()!;
    const options = { unlink: false, stamp: true, hash: undefined };
    // Held by a pipe nobody reads, with WRITER_LEAD files behind it: the next write waits for room.
    execFileSync('mkfifo', [file('slow')]);
    await thread.write('slow', file('slow'), 'x', options);
    for (let i = 1; i < WRITER_LEAD; i++) await thread.write(`f${i}`, file(`f${i}`), 'x', options);
    const waiting = thread.write('last', file('last'), 'x', options);
    const drained = thread.drain();
    // As if it crashed (out of memory, say): it never says so itself. (The pipe is opened, so its open() returns.)
    const stopped = (thread as unknown as { worker: Worker }).worker.terminate();
    fs.closeSync(fs.openSync(file('slow'), fs.constants.O_RDONLY | fs.constants.O_NONBLOCK));
    await stopped;
    await expect(waiting).rejects.toThrow('The thread writing the output stopped.');
    expect((await drained).failure?.message).toBe('The thread writing the output stopped.');
    expect((await thread.drain()).failure?.message).toBe('The thread writing the output stopped.');
    await expect(thread.write('after', file('after'), 'x', options)).rejects.toThrow('The thread writing the output stopped.');
    await thread.close();
    expect(fs.existsSync(file('last'))).toBe(false);
  });

  it('copies files in, a later write of the same path winning', async () => {
    const dir = tempDir();
    const source = folder(path.join(dir, 'src'), { 'pic.png': 'png bytes' });
    const writer = await SiteWriter.open(path.join(dir, 'build'));
    await writer.copyFile(path.join(source, 'pic.png'), 'img/pic.png');
    await writer.copyFile(path.join(source, 'pic.png'), 'robots.txt');
    await writer.write('robots.txt', 'generated');
    await writer.commit();
    expect(tree(path.join(dir, 'build'))).toEqual(ours('complete', { 'img/pic.png': 'png bytes', 'robots.txt': 'generated' }));
  });

  it('refuses any path that leaves the new folder, even one that only looks like it', async () => {
    const dir = tempDir();
    const writer = await SiteWriter.open(path.join(dir, 'build'));
    for (const rel of ['../x.txt', '/etc/x.txt', '', '.', 'a/../../x.txt', '../build.tmpx/y.txt']) {
      await expect(writer.write(rel, 'x'), rel).rejects.toThrow(/outside the output folder/);
    }
    await expect(writer.copyFile(path.join(dir, 'none'), '../x')).rejects.toThrow(/outside the output folder/);
    await writer.abort();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('on abort, keeps the previous build whole and releases the folder', async () => {
    const dir = tempDir();
    const out = folder(path.join(dir, 'build'), ours('complete', { 'index.html': 'old' }));
    const writer = await SiteWriter.open(out);
    await writer.write('index.html', 'new');
    await writer.abort();
    expect(tree(out)).toEqual(ours('complete', { 'index.html': 'old' }));
    expect(fs.readdirSync(dir)).toEqual(['build']);
    const again = await SiteWriter.open(out);
    await again.abort();
  });

  it('names the folder when a write fails, and fails the commit with it without swapping', async () => {
    const dir = tempDir();
    const out = folder(path.join(dir, 'build'), ours('complete', { 'index.html': 'old' }));
    const writer = await SiteWriter.open(out);
    await writer.write('a', 'a file');
    // Writes are made at once: the one that fails says so, and so does everything after it.
    await expect(writer.write('a/b.html', 'under a file')).rejects.toThrow(/The output cannot be written: a part of the path is a file, not a folder/);
    await expect(writer.commit()).rejects.toThrow(/The output cannot be written: a part of the path is a file, not a folder/);
    await expect(writer.write('c.html', 'after the failure')).rejects.toThrow(/a part of the path is a file/);
    expect(tree(out)).toEqual(ours('complete', { 'index.html': 'old' }));
    await writer.abort();
    expect(fs.readdirSync(dir)).toEqual(['build']);
  });

  it('says which part of the output path is a file', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'file'), '');
    await expect(SiteWriter.open(path.join(dir, 'file', 'build'))).rejects.toThrow(`(${path.join(dir, 'file')})`);
    expect(fs.readdirSync(dir)).toEqual(['file']);
  });
});

describe('the output lock', () => {
  it('is refused while held, naming the process; is released; and a dead process\'s lock is taken over', () => {
    const dir = tempDir();
    const target = path.join(dir, 'build');
    const { lock } = sideFolders(target);
    expect(lock).toBe(path.join(dir, '.build.lock'));
    const unlock = acquireOutputLock(target);
    expect(fs.readFileSync(lock, 'utf8')).toMatch(new RegExp(`^${process.pid}( \\d+)?$`));
    expect(() => acquireOutputLock(target)).toThrow(`Another build (process ${process.pid}) is writing`);
    unlock();
    expect(fs.existsSync(lock)).toBe(false);
    fs.writeFileSync(lock, String(DEAD_PID));
    acquireOutputLock(target)();
    expect(fs.existsSync(lock)).toBe(false);
    // A file of the same name that no build wrote is someone's: refused, never removed.
    fs.writeFileSync(lock, 'notes\n');
    expect(() => acquireOutputLock(target)).toThrow(/\.build\.lock is in the way/);
    expect(fs.readFileSync(lock, 'utf8')).toBe('notes\n');
  });

  it.runIf(fs.existsSync('/proc/self/stat'))('is taken over from a killed build not yet reaped (a zombie), and from another process that now has its id', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'build');
    const { lock } = sideFolders(target);
    // `sleep 0.1` ends while its parent, become `sleep 5`, never reaps it: a zombie, as a killed build is in a container with no init.
    const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 5'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const zombie = Number((await new Promise<Buffer>((resolve) => parent.stdout.once('data', resolve))).toString());
      await new Promise((r) => setTimeout(r, 500));
      expect(fs.readFileSync(`/proc/${zombie}/stat`, 'utf8')).toMatch(/\) Z /);
      fs.writeFileSync(lock, String(zombie));
      acquireOutputLock(target)();
      // The id of a running process, which started later than the build that wrote the lock.
      const start = fs.readFileSync(`/proc/${parent.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19]!;
      fs.writeFileSync(lock, `${parent.pid} ${Number(start) - 1}`);
      acquireOutputLock(target)();
      // The one that did write it still holds it.
      fs.writeFileSync(lock, `${parent.pid} ${start}`);
      expect(() => acquireOutputLock(target)).toThrow(`Another build (process ${parent.pid}) is writing`);
    } finally {
      parent.kill();
    }
  });
});

describe('recovering from a killed build', () => {
  it('puts back a complete new build killed mid-swap, else the previous one, and clears what it made beside it', () => {
    const dir = tempDir();
    const target = path.join(dir, 'build');
    folder(`${target}.tmp`, ours('complete', { 'index.html': 'new' }));
    folder(`${target}.old`, ours('complete', { 'index.html': 'old' }));
    recoverOutputFolder(target);
    expect(tree(target)).toEqual(ours('complete', { 'index.html': 'new' }));
    expect(fs.readdirSync(dir)).toEqual(['build']);

    fs.rmSync(target, { recursive: true });
    folder(`${target}.tmp`, ours('writing', { 'index.html': 'half' }));
    folder(`${target}.old`, ours('complete', { 'index.html': 'old' }));
    recoverOutputFolder(target);
    expect(tree(target)).toEqual(ours('complete', { 'index.html': 'old' }));
    expect(fs.readdirSync(dir)).toEqual(['build']);
  });

  it('leaves an existing build and folders it did not make', () => {
    const dir = tempDir();
    const target = folder(path.join(dir, 'build'), ours('complete', { 'index.html': 'current' }));
    folder(`${target}.tmp`, ours('complete', { 'index.html': 'stale' }));
    folder(`${target}.old`, { 'mine.txt': 'not the generator\'s' });
    recoverOutputFolder(target);
    expect(tree(target)).toEqual(ours('complete', { 'index.html': 'current' }));
    expect(fs.readdirSync(dir).sort()).toEqual(['build', 'build.old']);
  });

  it('removes earlier versions\' build.tmp-PID / build.old-PID folders of gone processes, only when they look like builds', () => {
    const dir = tempDir();
    const target = folder(path.join(dir, 'build'), ours('complete'));
    fs.mkdirSync(path.join(dir, `build.tmp-${DEAD_PID}`));
    folder(path.join(dir, `build.old-${DEAD_PID}`), { 'page-data/x.json': '{}' });
    folder(path.join(dir, `build.old-${DEAD_PID + 1}`), { 'assets/a.js': '', '404.html': '' });
    folder(path.join(dir, `build.tmp-${DEAD_PID + 2}`), ours('writing'));
    folder(path.join(dir, `build.tmp-${DEAD_PID + 3}`), { 'notes.txt': 'someone\'s' });
    folder(path.join(dir, `build.tmp-${DEAD_PID + 4}`), { 'assets/a.js': '' });
    folder(path.join(dir, `build.tmp-${process.pid}`), ours('writing'));
    folder(path.join(dir, `buildXtmp-${DEAD_PID}`), ours('writing'));
    folder(path.join(dir, `build.tmp-${DEAD_PID}x`), ours('writing'));
    folder(path.join(dir, `other.tmp-${DEAD_PID}`), ours('writing'));
    fs.writeFileSync(path.join(dir, `build.old-${DEAD_PID + 5}`), 'a file');
    recoverOutputFolder(target);
    expect(fs.readdirSync(dir).sort()).toEqual(
      ['build', `build.old-${DEAD_PID + 5}`, `build.tmp-${DEAD_PID + 3}`, `build.tmp-${DEAD_PID + 4}`, `build.tmp-${DEAD_PID}x`, `build.tmp-${process.pid}`, `buildXtmp-${DEAD_PID}`, `other.tmp-${DEAD_PID}`].sort(),
    );
  });

  it('repairs the folder for a reader (serve) unless a build holds it, and never touches a whole one', () => {
    const dir = tempDir();
    const target = path.join(dir, 'build');
    repairOutputFolder(target);
    expect(fs.readdirSync(dir)).toEqual([]);

    folder(`${target}.old`, ours('complete', { 'index.html': 'old' }));
    const unlock = acquireOutputLock(target);
    repairOutputFolder(target);
    expect(fs.existsSync(target)).toBe(false);
    unlock();
    repairOutputFolder(target);
    expect(tree(target)).toEqual(ours('complete', { 'index.html': 'old' }));
    expect(fs.readdirSync(dir)).toEqual(['build']);

    folder(`${target}.tmp`, ours('complete', { 'index.html': 'new' }));
    repairOutputFolder(target);
    expect(fs.readdirSync(dir).sort()).toEqual(['build', 'build.tmp']);
  });

  it('swaps a finished folder in, with or without a previous one', () => {
    const dir = tempDir();
    const target = path.join(dir, 'build');
    swapIn(folder(path.join(dir, 'first'), { a: '1' }), target);
    expect(tree(target)).toEqual({ a: '1' });
    swapIn(folder(path.join(dir, 'second'), { b: '2' }), target);
    expect(tree(target)).toEqual({ b: '2' });
    expect(fs.readdirSync(dir)).toEqual(['build']);
  });

  it('removes the previous build in the background when asked: the new one is in at once, the old one gone soon after', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'build');
    swapIn(folder(path.join(dir, 'first'), ours('complete', { 'index.html': 'one', 'a/index.html': 'a' })), target);
    swapIn(folder(path.join(dir, 'second'), ours('complete', { 'index.html': 'two' })), target, { background: true });
    expect(tree(target)).toEqual(ours('complete', { 'index.html': 'two' }));
    // Set aside under the id of the process that removes it (it needs far longer than this to start)…
    const aside = fs.readdirSync(dir).filter((name) => name !== 'build');
    expect(aside).toEqual([expect.stringMatching(/^build\.old-\d+$/)]);
    const pid = Number(aside[0]!.slice('build.old-'.length));
    expect(pid).not.toBe(process.pid);
    // …which the next build's recovery leaves to it while it runs…
    recoverOutputFolder(target);
    if (isRunning(pid)) expect(fs.existsSync(path.join(dir, aside[0]!))).toBe(true);
    // …and which removes it, while this process goes on.
    const deadline = Date.now() + 20_000;
    while (fs.readdirSync(dir).length > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(fs.readdirSync(dir)).toEqual(['build']);
    expect(tree(target)).toEqual(ours('complete', { 'index.html': 'two' }));
  });
});

describe('the spare', () => {
  it('is the previous build, moved into the cache once the new one is in; where it cannot go, the previous build is removed', () => {
    const dir = tempDir();
    const target = path.join(dir, 'build');
    const spare = path.join(dir, 'cache', 'x.spare');
    swapIn(folder(path.join(dir, 'first'), ours('complete', { 'index.html': 'one' })), target);
    expect(swapIn(folder(path.join(dir, 'second'), ours('complete', { 'index.html': 'two' })), target, { spare })).toBe(true);
    expect(tree(target)).toEqual(ours('complete', { 'index.html': 'two' }));
    expect(tree(spare)).toEqual(ours('complete', { 'index.html': 'one' }));
    expect(fs.readdirSync(dir).sort()).toEqual(['build', 'cache']);

    // Its place is taken (by anything): not replaced; the previous build is removed as without a cache.
    expect(swapIn(folder(path.join(dir, 'third'), ours('complete', { 'index.html': 'three' })), target, { spare })).toBe(false);
    expect(tree(target)).toEqual(ours('complete', { 'index.html': 'three' }));
    expect(tree(spare)).toEqual(ours('complete', { 'index.html': 'one' }));
    expect(fs.readdirSync(dir).sort()).toEqual(['build', 'cache']);
  });

  it('on another file system (EXDEV), the previous build is removed and build/ is the new one', () => {
    // /dev/shm is a tmpfs on Linux: a rename from the temporary folder's disk into it fails with EXDEV.
    const other = fs.existsSync('/dev/shm') ? fs.mkdtempSync('/dev/shm/spare-') : undefined;
    if (!other) return;
    try {
      const dir = tempDir();
      if (fs.statSync(dir).dev === fs.statSync(other).dev) return;
      const target = path.join(dir, 'build');
      const spare = path.join(other, 'x.spare');
      swapIn(folder(path.join(dir, 'first'), ours('complete', { 'index.html': 'one' })), target);
      expect(swapIn(folder(path.join(dir, 'second'), ours('complete', { 'index.html': 'two' })), target, { spare })).toBe(false);
      expect(tree(target)).toEqual(ours('complete', { 'index.html': 'two' }));
      expect(fs.existsSync(spare)).toBe(false);
      expect(fs.readdirSync(dir)).toEqual(['build']);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('is taken only when its marker is the one named, and a spare not taken is removed only when it is ours', () => {
    const dir = tempDir();
    const target = path.join(dir, 'build');
    const temp = `${target}.tmp`;
    const spare = folder(path.join(dir, 'x.spare'), ours('complete', { 'index.html': 'one' }));
    const named = fs.statSync(path.join(spare, MARKER_FILE));
    const stamp = { size: named.size, mtimeMs: named.mtimeMs, ino: named.ino };
    expect(takeSpare(spare, temp, { ...stamp, ino: stamp.ino + 1 })).toBe(false);
    expect(tree(spare)).toEqual(ours('complete', { 'index.html': 'one' }));
    // Taken: renamed to build.tmp/, its marker saying "writing" (never a complete build that is not the new one).
    expect(takeSpare(spare, temp, stamp)).toBe(true);
    expect(fs.existsSync(spare)).toBe(false);
    expect(readMarker(temp)).toBe('writing');
    expect(tree(temp)['index.html']).toBe('one');

    const foreign = folder(path.join(dir, 'y.spare'), { 'thesis.tex': 'mine' });
    discardSpare(foreign, target);
    expect(tree(foreign)).toEqual({ 'thesis.tex': 'mine' });
    const mine = folder(path.join(dir, 'z.spare'), ours('complete', { 'index.html': 'z' }));
    discardSpare(mine, target);
    expect(fs.existsSync(mine)).toBe(false);
  });
});

describe('the marker', () => {
  it('is ours only with generator "site"; any state but "complete" is "writing"', () => {
    const dir = tempDir();
    const at = (text: string | null) => {
      const d = fs.mkdtempSync(path.join(dir, 'm-'));
      if (text !== null) fs.writeFileSync(path.join(d, MARKER_FILE), text);
      return readMarker(d);
    };
    expect(markerText('complete')).toBe('{"generator":"site","state":"complete"}\n');
    expect(at(markerText('complete'))).toBe('complete');
    expect(at(markerText('writing'))).toBe('writing');
    expect(at('{"generator":"site","state":"other"}')).toBe('writing');
    expect(at('{"generator":"other","state":"complete"}')).toBeNull();
    expect(at('not json')).toBeNull();
    expect(at(null)).toBeNull();
  });
});

describe('output folder and file guards', () => {
  function site() {
    const root = tempDir();
    const siteDir = folder(path.join(root, 'site'), { 'docs/a.md': '# A\n', 'blog/p.md': '# P\n', 'static/x.txt': 'x', 'site.config.ts': 'export default {}\n' });
    const generator = folder(path.join(root, 'gen'), { 'cli/main.ts': '', 'package.json': '{}' });
    const config = { siteDir, paths: { docs: 'docs', blog: 'blog', pages: 'pages', static: 'static', outDir: 'build' }, configFile: path.join(siteDir, 'site.config.ts') };
    return { root, siteDir, generator, config };
  }

  it('refuses a folder that is, holds or lies inside the sources or the generator, naming which', () => {
    const { root, siteDir, generator, config } = site();
    const cases: [string, RegExp][] = [
      [siteDir, /is the site folder/],
      [path.join(siteDir, 'docs'), /is the docs folder/],
      [path.join(siteDir, 'blog', 'out'), /lies inside the blog folder/],
      [root, /holds the site folder/],
      [generator, /is the generator's folder/],
      [path.join(generator, 'cli'), /is the generator's cli/],
      [path.join(generator, 'cli', 'x'), /lies inside the generator's cli/],
      [path.join(siteDir, 'site.config.ts'), /is an existing file/],
    ];
    for (const [outDir, message] of cases) expect(() => assertSafeOutputFolder(outDir, config, generator), outDir).toThrow(message);
    // Beside the sources, inside the site folder, or in a missing folder inside the generator: fine.
    for (const outDir of [path.join(siteDir, 'build'), path.join(siteDir, 'pages', 'x'), path.join(generator, 'out')]) {
      expect(() => assertSafeOutputFolder(outDir, config, generator), outDir).not.toThrow();
    }
  });

  it('refuses a symbolic link and a non-empty folder it did not make; takes an empty one or its own', () => {
    const { root, generator, config } = site();
    folder(path.join(root, 'foreign'), { 'keep.txt': 'keep' });
    fs.symlinkSync(path.join(root, 'foreign'), path.join(root, 'link'));
    fs.mkdirSync(path.join(root, 'empty'));
    folder(path.join(root, 'ours'), ours('complete', { 'index.html': '' }));
    expect(() => assertSafeOutputFolder(path.join(root, 'link'), config, generator)).toThrow(/is a symbolic link/);
    expect(() => assertSafeOutputFolder(path.join(root, 'foreign'), config, generator)).toThrow(/did not write \(it has no \.site-build marker\)/);
    expect(() => assertSafeOutputFolder(path.join(root, 'empty'), config, generator)).not.toThrow();
    expect(() => assertSafeOutputFolder(path.join(root, 'ours'), config, generator)).not.toThrow();
  });

  it('refuses an output file that is a folder, a source or inside one, and takes any other', () => {
    const { root, siteDir, generator, config } = site();
    expect(() => assertSafeOutputFile(root, config, generator)).toThrow(/is a folder/);
    expect(() => assertSafeOutputFile(path.join(siteDir, 'site.config.ts'), config, generator)).toThrow(/it is the site config/);
    expect(() => assertSafeOutputFile(path.join(siteDir, 'docs', 'records.json'), config, generator)).toThrow(/it lies inside the docs folder/);
    expect(() => assertSafeOutputFile(path.join(generator, 'package.json'), config, generator)).toThrow(/it is the generator's package\.json/);
    expect(() => assertSafeOutputFile(path.join(root, 'records.json'), config, generator)).not.toThrow();
    expect(() => assertSafeOutputFile(path.join(siteDir, 'records.json'), config, generator)).not.toThrow();
  });

  it('writes over an existing file only when it holds search records it wrote', () => {
    const { root, config, generator } = site();
    const at = (name: string, text: string) => {
      fs.writeFileSync(path.join(root, name), text);
      return path.join(root, name);
    };
    expect(() => assertSafeOutputFile(at('package.json', '{"name": "docs"}\n'), config, generator)).toThrow(/it exists and holds something other than the search records this command writes/);
    expect(() => assertSafeOutputFile(at('notes.txt', 'my notes\n'), config, generator)).toThrow(/holds something other/);
    expect(() => assertSafeOutputFile(at('list.json', '[1, 2]'), config, generator)).toThrow(/holds something other/);
    expect(() => assertSafeOutputFile(at('records.json', '[\n  {\n    "objectID": "https://x.example/a::lvl1",\n    "type": "lvl1"\n  }\n]\n'), config, generator)).not.toThrow();
    expect(() => assertSafeOutputFile(at('none.json', '[]\n'), config, generator)).not.toThrow();
    expect(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).toBe('{"name": "docs"}\n');
  });
});
