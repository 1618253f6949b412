import { useContext, type ComponentType, type ReactNode } from 'react';
import { ContentContext, contentContext } from '../contentContext.ts';
import { Island, type IslandProps } from './Island.tsx';
import { describeChildren, rebuildChildren, type ChildrenShape } from './structuredChildren.tsx';

/**
 * A site's own React component in content (`import Counter from '@site/src/components/Counter'`)
 * is an island: rendered on the server with the props the page gives it, its children a
 * slot, and hydrated in the browser from its own lazily loaded chunk.
 */

/** The island name of a site component: the file as content imports it, and the export. */
export function siteComponentKey(file: string, exportName: string): string {
  return `${file}#${exportName}`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * The island's component: the site's component with its slot as its children, or, for a
 * component that replaces one of the theme's (`structured`), its children rebuilt one by
 * one (see structuredChildren.tsx). The theme's components it uses (Tabs) take page-unique
 * ids from the content context: inside the island they come from its own scope (`ids`,
 * given by the server), so the browser, which hydrates the island alone, makes the same ones.
 */
export function slotAsChildren(Component: AnyComponent, structured = false): ComponentType<IslandProps<Record<string, unknown>>> {
  return function SiteIslandBody({ slots, [ID_SCOPE]: ids, [CHILDREN]: shape, [TEXT]: text, ...props }) {
    const outer = useContext(ContentContext);
    const scope = String(ids ?? 'island');
    const content = contentContext({ frontMatter: outer?.frontMatter ?? {}, toc: outer?.toc ?? [], docCards: outer?.docCards ?? [] });
    const scoped = { ...content, nextId: (prefix: string) => content.nextId(`${scope}-${prefix}`) };
    return (
      <ContentContext.Provider value={scoped}>
        <Component {...props}>{structured ? rebuildChildren((shape ?? null) as ChildrenShape, slots) : typeof text === 'string' ? text : slots[0]}</Component>
      </ContentContext.Provider>
    );
  };
}

/** The browser's side of a theme component's replacement (see siteIsland's `structured`). */
export function shapedChildren(Component: AnyComponent): ComponentType<IslandProps<Record<string, unknown>>> {
  return slotAsChildren(Component, true);
}

/** The prop that carries an island's id scope (see slotAsChildren). */
const ID_SCOPE = '__ids';
/** The prop that carries a structured island's children, as JSON (see structuredChildren.tsx). */
const CHILDREN = '__children';
/** The prop that carries children that are text alone: the component gets the string, as it would outside an island (`${children}`). */
const TEXT = '__text';

/**
 * Server side: what content renders for a site component (`structured`: one that replaces
 * a theme component, which reads its children). Only props that survive JSON
 * reach it, on the server as in the browser, so both render the same thing; the render
 * stage's own props (`node`) are left out.
 */
export function siteIsland(key: string, Component: AnyComponent, options: { render?: 'client'; structured?: boolean } = {}): ComponentType<Record<string, unknown> & { children?: ReactNode }> {
  const { render, structured = false } = options;
  const Body = slotAsChildren(Component, structured);
  return function SiteComponentIsland({ children, node: _node, ...props }) {
    // One scope per island on the page (a React page, which is one island, has no page content around it).
    const ids = useContext(ContentContext)?.nextId('island') ?? 'page';
    const json = { ...(JSON.parse(JSON.stringify(props)) as Record<string, unknown>), [ID_SCOPE]: ids };
    if (structured) {
      const { shape, slots } = describeChildren(children);
      return <Island name={key} component={Body} props={{ ...json, [CHILDREN]: shape }} slots={slots} slotScope={ids} render={render} />;
    }
    const text = typeof children === 'string' ? children : Array.isArray(children) && children.length > 0 && children.every((c) => typeof c === 'string') ? children.join('') : undefined;
    if (text !== undefined) return <Island name={key} component={Body} props={{ ...json, [TEXT]: text }} slots={[]} slotScope={ids} render={render} />;
    return <Island name={key} component={Body} props={json} slots={children === undefined || children === null ? [] : [children]} slotScope={ids} render={render} />;
  };
}
