import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/** @docusaurus/plugin-ideal-image: `@theme/IdealImage` with a required image, in a doc and in a React page. */

// A 2×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGNgYPj/n4GBgQEAEf8C/z2W8A0AAAAASUVORK5CYII=', 'base64');

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('@theme/IdealImage', () => {
  it('draws the required image, lazily, with the props given, in a doc and in a React page; the plugin is taken as done', () => {
    const dir = writeTempSite({
      'docusaurus.config.js': "module.exports = { title: 'I', url: 'https://i.example', baseUrl: '/', plugins: [['@docusaurus/plugin-ideal-image', { quality: 70, max: 1030, disableInDev: false }]], presets: [['classic', { docs: { sidebarPath: false }, blog: false }]] };\n",
      'docs/intro.mdx': "import IdealImage from '@theme/IdealImage';\n\n# Intro\n\n<IdealImage img={require('./photo.png')} alt=\"A photo\" className=\"shot\" />\n",
      'src/pages/gallery.jsx': "import Layout from '@theme/Layout';\nimport IdealImage from '@theme/IdealImage';\nimport photo from '@site/docs/photo.png';\n\nexport default function Gallery() {\n  return <Layout><IdealImage img={photo} alt=\"In the gallery\" /></Layout>;\n}\n",
    });
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'docs/photo.png'), PNG);
    const { code, stderr } = runCli(['build', dir]);
    expect(code, stderr).toBe(0);
    // Only the options about sizes it does not make are named.
    expect(stderr.match(/plugins\[0\]\[1\]\.\w+/g)?.sort()).toEqual(['plugins[0][1].max', 'plugins[0][1].quality']);
    const image = (route: string, alt: string) => parse(fs.readFileSync(path.join(dir, 'build', route, 'index.html'), 'utf8')).querySelector(`img[alt="${alt}"]`);
    const doc = image('docs/intro', 'A photo')!;
    expect(doc.getAttribute('loading')).toBe('lazy');
    expect(doc.getAttribute('class')).toBe('shot');
    expect(fs.readFileSync(path.join(dir, 'build', doc.getAttribute('src')!))).toEqual(PNG);
    const page = image('gallery', 'In the gallery')!;
    expect(fs.readFileSync(path.join(dir, 'build', page.getAttribute('src')!))).toEqual(PNG);
  });
});
