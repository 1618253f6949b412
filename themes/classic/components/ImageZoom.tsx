import { useEffect } from 'react';
import { useSite } from '../../../runtime/SiteContext.ts';
import { useRouter } from '../../../runtime/router.ts';

/** SPEC §9: zoom starts 1 s after load and after each route update. */
export const ZOOM_DELAY_MS = 1000;
const CLOSE_TIMEOUT_MS = 150;

/**
 * Click-to-zoom for content images with medium-zoom, loaded only when a page has images
 * to zoom (none when the config's `zoom` is false). The backdrop follows the colour mode. An image that failed to load is left
 * as it is (with a warning); an invalid selector is reported once, naming it.
 */
export function ImageZoom() {
  const { zoom } = useSite();
  const { path } = useRouter();
  useEffect(() => {
    if (!zoom) return undefined;
    let detach: (() => void) | null = null;
    let cancelled = false;
    const timer = setTimeout(async () => {
      let images: HTMLImageElement[];
      try {
        images = [...document.querySelectorAll<HTMLImageElement>(zoom.selector)];
      } catch {
        console.error(`Image zoom: the selector "${zoom.selector}" is not a valid CSS selector; fix config key zoom.selector.`);
        return;
      }
      const usable = images.filter((img) => {
        if (img.complete && img.naturalWidth === 0) {
          console.warn(`Image zoom: ${img.currentSrc || img.src} failed to load; it is shown without zoom.`);
          return false;
        }
        return true;
      });
      if (usable.length === 0) return;
      // A CommonJS-typed package: its default export arrives as `default` or as the module itself.
      const mod = (await import('medium-zoom')) as unknown as { default?: typeof import('medium-zoom').default };
      const mediumZoom = mod.default ?? (mod as unknown as typeof import('medium-zoom').default);
      if (cancelled) return;
      const dark = document.documentElement.getAttribute('data-theme') === 'dark';
      const instance = mediumZoom(usable, {
        margin: zoom.config.margin,
        scrollOffset: zoom.config.scrollOffset,
        background: dark ? zoom.background.dark : zoom.background.light,
      });
      detach = () => {
        void instance.close();
        setTimeout(() => instance.detach(), CLOSE_TIMEOUT_MS);
      };
    }, ZOOM_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      detach?.();
    };
  }, [path, zoom]);
  return null;
}
