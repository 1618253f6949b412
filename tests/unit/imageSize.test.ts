import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImageSize } from '../../cli/content/imageSize.ts';
import { resolveContentLinks } from '../../cli/render/resolveContentLinks.ts';
import { graphOf } from '../helpers/memorySite.ts';
import { ROOT } from '../helpers/cli.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'images-'));
const write = (name: string, contents: string | Buffer) => {
  fs.writeFileSync(path.join(dir, name), contents);
  return path.join(dir, name);
};

describe('image sizes', () => {
  it('reads PNG headers, SVG width/height and SVG viewBox', () => {
    expect(readImageSize(path.join(ROOT, 'static/img/social-card.png'))).toEqual({ width: 1200, height: 630 });
    expect(readImageSize(write('a.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"></svg>'))).toEqual({ width: 120, height: 40 });
    expect(readImageSize(write('b.svg', '<svg viewBox="0 0 960 420" xmlns="http://www.w3.org/2000/svg"></svg>'))).toEqual({ width: 960, height: 420 });
    expect(readImageSize(write('c.txt', 'not an image'))).toBeNull();
    expect(readImageSize(path.join(dir, 'missing.png'))).toBeNull();
  });

  it('gives content images their size unless the author set one', async () => {
    const { graph, config } = await graphOf({ 'docs/a.md': 'A\n' });
    graph.imageSizes.set('/img/d.svg', { width: 960, height: 420 });
    expect(resolveContentLinks('<p><img src="/img/d.svg" alt="D"></p>', graph, config)).toBe('<p><img src="/img/d.svg" alt="D" width="960" height="420"></p>');
    expect(resolveContentLinks('<img src="/img/d.svg" width="10">', graph, config)).toBe('<img src="/img/d.svg" width="10">');
  });
});
