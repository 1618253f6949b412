import fs from 'node:fs';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The intrinsic size of a PNG, GIF, JPEG or SVG file, read from its header (SVG: its
 * width/height attributes, else its viewBox). Pages give images their size so the
 * layout does not shift when they arrive. Null for other formats or unreadable files.
 */
export function readImageSize(file: string): ImageSize | null {
  let buf: Buffer;
  try {
    buf = fs.readFileSync(file);
  } catch {
    return null;
  }
  if (buf.length > 24 && buf.readUInt32BE(0) === 0x89504e47) return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  if (buf.length > 10 && buf.toString('ascii', 0, 3) === 'GIF') return { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
  if (buf.length > 4 && buf[0] === 0xff && buf[1] === 0xd8) return jpegSize(buf);
  if (file.endsWith('.svg')) return svgSize(buf.toString('utf8', 0, Math.min(buf.length, 4096)));
  return null;
}

function jpegSize(buf: Buffer): ImageSize | null {
  let i = 2;
  while (i + 9 < buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1]!;
    const length = buf.readUInt16BE(i + 2);
    // SOF0–SOF15 carry the size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return null;
}

function svgSize(head: string): ImageSize | null {
  const tag = /<svg\b[^>]*>/i.exec(head)?.[0];
  if (!tag) return null;
  const attr = (name: string) => new RegExp(`\\s${name}=["']\\s*([\\d.]+)(px)?\\s*["']`).exec(tag)?.[1];
  const width = Number(attr('width'));
  const height = Number(attr('height'));
  if (width > 0 && height > 0) return { width, height };
  const box = /\sviewBox=["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/.exec(tag);
  return box ? { width: Number(box[1]), height: Number(box[2]) } : null;
}

/**
 * Sizes of the static images the documents show, by URL path ("/img/a.svg"), for the
 * render stage. Images that are not in the static folder are left out.
 */
export function measureImages(urls: Iterable<string>, staticDir: string): Map<string, ImageSize> {
  const sizes = new Map<string, ImageSize>();
  for (const url of urls) {
    if (sizes.has(url) || !url.startsWith('/') || url.includes('..')) continue;
    const size = readImageSize(`${staticDir}${decodeURI(url.split(/[?#]/)[0]!)}`);
    if (size) sizes.set(url, size);
  }
  return sizes;
}

/** The static images a set of documents references. */
export function imageUrls(docs: Iterable<{ links: { kind: string; url: string; file?: string }[] }>): Set<string> {
  const urls = new Set<string>();
  for (const doc of docs) for (const link of doc.links) if (link.kind === 'image' && !link.file && link.url.startsWith('/')) urls.add(link.url);
  return urls;
}
