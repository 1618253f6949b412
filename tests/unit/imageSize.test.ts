import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { measureImages, readImageSize } from '../../cli/content/imageSize.ts';
import { resolveTree } from '../../cli/render/resolveTree.ts';
import type { Root } from 'hast';
import { graphOf } from '../helpers/memorySite.ts';
import { ROOT } from '../helpers/cli.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'images-'));
const write = (name: string, contents: string | Buffer) => {
  fs.writeFileSync(path.join(dir, name), contents);
  return path.join(dir, name);
};
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const bytes = (...parts: (number[] | string | Buffer)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const be16 = (n: number) => [n >> 8, n & 0xff];
const be32 = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const le16 = (n: number) => [n & 0xff, n >> 8];
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24];

/** Minimal, valid headers of 3×2 images, written by hand: wide, so a swapped width and height shows. */
const HEADERS = {
  png: bytes([0x89], 'PNG\r\n\x1a\n', be32(13), 'IHDR', be32(3), be32(2), [8, 6, 0, 0, 0], be32(0), be32(0), 'IEND', be32(0xae426082)),
  gif: bytes('GIF89a', le16(3), le16(2), [0, 0, 0], [0x3b]),
  // SOI, an APP0 (JFIF) segment, then SOF0 (baseline) with height 2 and width 3, three components.
  jpeg: bytes([0xff, 0xd8], [0xff, 0xe0], be16(16), 'JFIF\0', [1, 1, 0], be16(1), be16(1), [0, 0], [0xff, 0xc0], be16(17), [8], be16(2), be16(3), [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1], [0xff, 0xd9]),
  // RIFF/WEBP with a lossless (VP8L) chunk: 14 bits of width - 1, then 14 of height - 1.
  webp: bytes('RIFF', le32(4 + 8 + 5), 'WEBP', 'VP8L', le32(5), [0x2f], le32(2 | (1 << 14)), []),
  // ISO-BMFF: ftyp (brand avif), then meta → iprp → ipco → ispe (width, height).
  avif: (() => {
    const box = (type: string, ...body: (number[] | string | Buffer)[]) => {
      const content = bytes(...body);
      return bytes(be32(8 + content.length), type, content);
    };
    const ispe = box('ispe', [0, 0, 0, 0], be32(3), be32(2));
    return bytes(box('ftyp', 'avif', be32(0), 'mif1', 'avif'), box('meta', [0, 0, 0, 0], box('iprp', box('ipco', ispe))));
  })(),
  svg: '<svg xmlns="http://www.w3.org/2000/svg" width="3" height="2"></svg>',
};

describe('image sizes', () => {
  it('reads PNG headers, SVG width/height and SVG viewBox', () => {
    expect(readImageSize(path.join(ROOT, 'static/img/social-card.png'))).toEqual({ width: 1200, height: 630 });
    expect(readImageSize(write('a.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"></svg>'))).toEqual({ width: 120, height: 40 });
    expect(readImageSize(write('b.svg', '<svg viewBox="0 0 960 420" xmlns="http://www.w3.org/2000/svg"></svg>'))).toEqual({ width: 960, height: 420 });
    const prologue = `<?xml version="1.0"?>\n<!-- ${'exported by a drawing tool '.repeat(80)}-->\n`;
    expect(readImageSize(write('c.svg', `${prologue}<svg xmlns="http://www.w3.org/2000/svg" viewBox="0,0,3.5,2"></svg>`))).toEqual({ width: 3.5, height: 2 });
    expect(readImageSize(write('c.txt', 'not an image'))).toBeNull();
    expect(readImageSize(path.join(dir, 'missing.png'))).toBeNull();
  });

  for (const [type, contents] of Object.entries(HEADERS)) {
    it(`reads the width and height of a ${type} in that order`, () => {
      expect(readImageSize(write(`wide.${type}`, contents))).toEqual({ width: 3, height: 2 });
    });
  }

  it('finds the size of a JPEG past a large EXIF segment', () => {
    // A camera's APP1 (EXIF with a thumbnail) and APP2 (ICC profile) can put the frame header past 64 KB.
    const app1 = bytes([0xff, 0xe1], be16(65_000), 'Exif\0\0', Buffer.alloc(65_000 - 8));
    const app2 = bytes([0xff, 0xe2], be16(20_000), 'ICC_PROFILE\0', Buffer.alloc(20_000 - 14));
    const jpeg = bytes([0xff, 0xd8], app1, app2, HEADERS.jpeg.subarray(2));
    expect(jpeg.indexOf(Buffer.from([0xff, 0xc0]))).toBeGreaterThan(64 * 1024);
    expect(readImageSize(write('exif.jpeg', jpeg))).toEqual({ width: 3, height: 2 });
  });

  it('reads only the head of a large image, not the whole file', () => {
    const big = write('big.png', Buffer.concat([HEADERS.png, Buffer.alloc(8 * 1024 * 1024)]));
    const whole = vi.spyOn(fs, 'readFileSync');
    const read = vi.spyOn(fs, 'readSync');
    try {
      expect(readImageSize(big)).toEqual({ width: 3, height: 2 });
      expect(whole).not.toHaveBeenCalled();
      const bytesRead = read.mock.results.reduce((sum, r) => sum + (r.value as number), 0);
      expect(bytesRead).toBeGreaterThan(0);
      expect(bytesRead).toBeLessThanOrEqual(64 * 1024);
    } finally {
      whole.mockRestore();
      read.mockRestore();
    }
  });

  it('measures only the static folder\'s files: broken escapes, "..", encoded or not, and links out are left unmeasured', () => {
    const site = path.join(dir, 'site');
    fs.mkdirSync(path.join(site, 'static/img'), { recursive: true });
    fs.writeFileSync(path.join(site, 'static/img/in a.png'), HEADERS.png);
    fs.writeFileSync(path.join(dir, 'outside.png'), HEADERS.png);
    fs.symlinkSync(path.join(dir, 'outside.png'), path.join(site, 'static/img/link.png'));
    const sizes = measureImages(['/img/in%20a.png', '/img/%ZZ.png', '/img/%2e%2e/%2e%2e/%2e%2e/outside.png', '/img/../../../outside.png', '/img/link.png', '/img/in%20a.png?v=1#x'], path.join(site, 'static'));
    expect(Object.fromEntries(sizes)).toEqual({ '/img/in%20a.png': { width: 3, height: 2 }, '/img/in%20a.png?v=1#x': { width: 3, height: 2 } });
  });

  it('gives content images their size unless the author set one', async () => {
    const { graph, config } = await graphOf({ 'docs/a.md': 'A\n' });
    graph.imageSizes.set('/img/d.svg', { width: 960, height: 420 });
    const img = (properties: Record<string, unknown>): Root => ({ type: 'root', children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'element', tagName: 'img', properties: properties as never, children: [] }] }] });
    expect(resolveTree(img({ src: '/img/d.svg', alt: 'D' }), graph, config)).toEqual(img({ src: '/img/d.svg', alt: 'D', width: 960, height: 420 }));
    const sized = img({ src: '/img/d.svg', width: 10 });
    expect(resolveTree(sized, graph, config)).toBe(sized);
  });
});
