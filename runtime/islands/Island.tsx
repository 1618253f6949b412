import type { ComponentType, ReactNode } from 'react';

/**
 * Islands: the interactive parts of static content. A page's Markdown is rendered to HTML
 * once, on the server, and stays HTML in the browser (it is never sent twice); only the
 * components that need the browser (tabs, a code block's copy button, a site's own
 * components) are hydrated, each on its own, with the props the server wrote beside it.
 *
 * An island's content that is itself static (a tab's panel, the highlighted code) is a
 * slot: rendered on the server like any content, and adopted in the browser as the HTML
 * already on the page, so the island's code never needs the content as data.
 */

/** What an island component is given: its JSON props and its slots, in order. */
export type IslandProps<P> = P & { slots: ReactNode[] };

export type IslandComponent<P> = ComponentType<IslandProps<P>>;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'site-island': { 'data-name': string; 'data-props': string; 'data-slots'?: string; 'data-render'?: 'client'; children?: ReactNode };
      'site-slot': { key?: string | number; 'data-slot'?: string; children?: ReactNode; dangerouslySetInnerHTML?: { __html: string }; suppressHydrationWarning?: boolean };
    }
  }
}

/**
 * Server side: renders `component` inside a `<site-island>` element that names it and
 * carries its props (plain JSON). Custom elements, so an island fits inside a paragraph as
 * well as between blocks; the theme's CSS gives them `display: contents`. `render: 'client'`
 * asks the browser to render the island afresh instead of hydrating it: for markup the
 * browser's parser rebuilds differently (see cli/render/misnesting.ts), which cannot hydrate.
 * `slotScope` (a name unique in the page): each slot says whose it is and its place, for a
 * component that may not draw every slot, or not in order, or inside an island it draws
 * itself (a site component's children in a Tabs panel: see structuredChildren.tsx). Without
 * it, an island's slots are those nearest to it, in order (the theme's own islands).
 */
export function Island<P extends object>({ name, component: Component, props, slots = [], slotScope, render }: { name: string; component: IslandComponent<P>; props: P; slots?: ReactNode[]; slotScope?: string; render?: 'client' }) {
  return (
    <site-island data-name={name} data-props={JSON.stringify(props)} data-slots={slotScope} data-render={render}>
      <Component {...props} slots={slots.map((slot, i) => <site-slot key={i} data-slot={slotId(slotScope, i)}>{slot}</site-slot>)} />
    </site-island>
  );
}

/** Browser side: a slot is the HTML the server rendered for it, adopted as it is. */
export function StaticSlot({ html, id }: { html: string; id?: string }) {
  return <site-slot data-slot={id} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
}

/** The `data-slot` of an island's slot: its island's scope and its place. */
export function slotId(scope: string | undefined, index: number): string | undefined {
  return scope === undefined ? undefined : `${scope}.${index}`;
}
