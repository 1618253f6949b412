import { createElement, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { slotId, StaticSlot } from './Island.tsx';

/** Island components by name, each loaded when a page first shows one. */
export type IslandLoaders = Record<string, () => Promise<ComponentType<Record<string, unknown>>>>;

/**
 * The island components a page's content shows, by name. The content is React's server
 * render, which escapes `<` in text and `"` in attributes, so `<site-island data-name="`
 * occurs only where an island starts (React writes `data-name` as its first attribute).
 */
export function islandNames(html: string): Set<string> {
  return new Set(Array.from(html.matchAll(/<site-island data-name="([^"]*)"/g), (m) => m[1]!));
}

/**
 * Loads the components of the islands in `html`, so content put on screen after it comes
 * alive at once (a navigation: a click on a button that is drawn but not yet hydrated is
 * lost). A component that fails to load is reported when its island hydrates, not here.
 */
export async function loadIslands(html: readonly string[], loaders: IslandLoaders): Promise<void> {
  const names = new Set(html.flatMap((h) => [...islandNames(h)]));
  await Promise.all([...names].map((name) => loaders[name]?.().catch(() => undefined)));
}

/**
 * Hydrates every island inside `container`, outer ones first, each as its own React root
 * with its props and its slots taken from the page. Slots are read before any island
 * runs, so what one island changes on screen is never taken for another's content.
 * Returns the function that unmounts them (the content was replaced: a client-side
 * navigation). An island whose component is unknown or fails to load stays static HTML.
 * `wrap` gives each island's root what the page's tree has around it (the site's data,
 * which site components and React pages read through hooks).
 */
export function hydrateIslands(container: Element, loaders: IslandLoaders, onError: (message: string, error?: unknown) => void = console.error, wrap: (island: ReactNode) => ReactNode = (island) => island): () => void {
  const roots: Root[] = [];
  let cancelled = false;
  // An island drawn by another island's component (a site component that shows Tabs) is
  // that island's to hydrate, as part of its tree: a root of its own would run its code twice
  // over the same elements. Islands in a slot are the page's content, and get their own.
  const owned = (element: Element) => element.parentElement?.closest('site-island, site-slot')?.localName === 'site-island';
  const islands = [...container.querySelectorAll('site-island')].filter((element) => !owned(element)).map((element) => {
    // An island with a slot scope finds its slots by name, wherever its component drew them
    // (one it did not draw stays empty); the others' are the slots nearest to them, in order.
    const scope = element.getAttribute('data-slots') ?? undefined;
    const slots: string[] = [];
    if (scope === undefined) slots.push(...[...element.querySelectorAll('site-slot')].filter((slot) => slot.closest('site-island') === element).map((slot) => slot.innerHTML));
    else {
      for (const slot of element.querySelectorAll(`site-slot[data-slot^="${CSS.escape(scope)}."]`)) {
        const index = Number(slot.getAttribute('data-slot')!.slice(scope.length + 1));
        if (Number.isInteger(index) && index >= 0) slots[index] = slot.innerHTML;
      }
    }
    return { element, name: element.getAttribute('data-name') ?? '', props: element.getAttribute('data-props') ?? '{}', slots, scope, fresh: element.getAttribute('data-render') === 'client' };
  });
  for (const island of islands) {
    const load = loaders[island.name];
    if (!load) {
      onError(`No island component named "${island.name}": it stays as the server rendered it.`);
      continue;
    }
    let props: Record<string, unknown>;
    try {
      props = JSON.parse(island.props) as Record<string, unknown>;
    } catch (error) {
      onError(`The props of island "${island.name}" are not valid JSON.`, error);
      continue;
    }
    load().then(
      (Component) => {
        if (cancelled) return;
        const slots = Array.from(island.slots, (html, i) => createElement(StaticSlot, { key: i, html: html ?? '', id: slotId(island.scope, i) }));
        const body = wrap(createElement(Component, { ...props, slots }));
        const onRecoverableError = (error: unknown) => onError(`Island "${island.name}" did not hydrate cleanly.`, error);
        // Markup the browser's parser rebuilt (a <div> in a <p>) cannot hydrate: React renders it afresh, replacing the server's HTML in one commit.
        if (island.fresh) {
          const root = createRoot(island.element, { onRecoverableError });
          root.render(body);
          roots.push(root);
        } else roots.push(hydrateRoot(island.element, body, { onRecoverableError }));
      },
      (error: unknown) => onError(`Could not load island "${island.name}".`, error),
    );
  }
  return () => {
    cancelled = true;
    for (const root of roots.splice(0)) root.unmount();
  };
}
