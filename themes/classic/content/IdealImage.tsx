import type { ImgHTMLAttributes } from 'react';

/** What `require('./photo.png')` gives: its URL here; the ideal-image plugin's loader object in Docusaurus; an ES module's `default`. */
type IdealImageSource = string | { default: string } | { src: { src: string; width?: number; height?: number }; preSrc?: string };

/**
 * `@theme/IdealImage` (docusaurus-plugin-ideal-image): the image, loaded lazily, at its own
 * size (the plugin's resized copies are not made: a reader gets the file as it is). Its
 * other props are the image's, as the plugin passes them on.
 */
export function IdealImage({ img, ...props }: { img: IdealImageSource } & ImgHTMLAttributes<HTMLImageElement>) {
  if (typeof img === 'string' || (img && 'default' in img)) return <img src={typeof img === 'string' ? img : img.default} loading="lazy" decoding="async" {...props} />;
  const source = img?.src;
  return <img src={source?.src} width={source?.width} height={source?.height} loading="lazy" decoding="async" {...props} />;
}
