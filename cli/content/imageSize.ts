import fs from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import { isInside } from '../config/sitePaths.ts';

export interface ImageSize {
  width: number;
  height: number;
}

/** Enough for every format's header; a JPEG's frame header can sit after a 64 KB EXIF segment. */
const HEAD_BYTES = 64 * 1024;
/** image-size's own limit when it reads a file. */
const MAX_BYTES = 512 * 1024;

/**
 * The intrinsic size of an image, read from the first bytes of the file only: pages give
 * images their size so the layout does not shift when they arrive, and a site's photos can
 * be large. Raster formats (PNG, GIF, JPEG, WebP, AVIF and the others `image-size` knows)
 * go to `image-size`; SVG to our reader, which, unlike it, keeps fractional sizes, reads a
 * viewBox written with commas and finds the <svg> tag after a long prologue.
 * Null for unknown formats or unreadable files.
 */
export function readImageSize(file: string): ImageSize | null {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const length = fs.fstatSync(fd).size;
    const head = readHead(fd, Math.min(length, HEAD_BYTES));
    if (file.endsWith('.svg')) return svgSize(head.toString('utf8'));
    const size = sizeOf(head);
    // Only a JPEG's frame header may lie past the first 64 KB (after a large EXIF segment).
    return size ?? (length > HEAD_BYTES && head[0] === 0xff && head[1] === 0xd8 ? sizeOf(readHead(fd, Math.min(length, MAX_BYTES))) : null);
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

function readHead(fd: number, length: number): Buffer {
  const buf = Buffer.allocUnsafe(length);
  let filled = 0;
  for (let n = -1; n !== 0 && filled < length; filled += n) n = fs.readSync(fd, buf, filled, length - filled, filled);
  return buf.subarray(0, filled);
}

function sizeOf(head: Buffer): ImageSize | null {
  try {
    const { width, height } = imageSize(head);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    // Not an image it knows, or a header cut short.
    return null;
  }
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
  let realStatic: string;
  try {
    realStatic = fs.realpathSync.native(staticDir);
  } catch {
    return sizes;
  }
  for (const url of urls) {
    if (sizes.has(url) || !url.startsWith('/')) continue;
    const file = staticFile(url, staticDir, realStatic);
    const size = file && readImageSize(file);
    if (size) sizes.set(url, size);
  }
  return sizes;
}

/**
 * The static folder's file a URL path names, or undefined: when its escapes are broken
 * ("/img/%ZZ.png", which the link check reports), or when it leaves the folder once
 * decoded ("/img/%2e%2e/x.png") or through a symbolic link.
 */
function staticFile(url: string, staticDir: string, realStatic: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.split(/[?#]/)[0]!);
  } catch {
    return undefined;
  }
  const file = path.join(staticDir, decoded);
  try {
    return isInside(fs.realpathSync.native(file), realStatic) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** The static images a set of documents references. */
export function imageUrls(docs: Iterable<{ links: { kind: string; url: string; file?: string }[] }>): Set<string> {
  const urls = new Set<string>();
  for (const doc of docs) for (const link of doc.links) if (link.kind === 'image' && !link.file && link.url.startsWith('/')) urls.add(link.url);
  return urls;
}
