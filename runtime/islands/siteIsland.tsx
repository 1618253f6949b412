import type { ComponentType, ReactNode } from 'react';
import { Island, type IslandProps } from './Island.tsx';

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

/** The island's component: the site's component with its slot as its children. */
export function slotAsChildren(Component: AnyComponent): ComponentType<IslandProps<Record<string, unknown>>> {
  return function SiteIslandBody({ slots, ...props }) {
    return <Component {...props}>{slots[0]}</Component>;
  };
}

/**
 * Server side: what content renders for a site component. Only props that survive JSON
 * reach it, on the server as in the browser, so both render the same thing; the render
 * stage's own props (`node`) are left out.
 */
export function siteIsland(key: string, Component: AnyComponent): ComponentType<Record<string, unknown> & { children?: ReactNode }> {
  const Body = slotAsChildren(Component);
  return function SiteComponentIsland({ children, node: _node, ...props }) {
    const json = JSON.parse(JSON.stringify(props)) as Record<string, unknown>;
    return <Island name={key} component={Body} props={json} slots={children === undefined || children === null ? [] : [children]} />;
  };
}
