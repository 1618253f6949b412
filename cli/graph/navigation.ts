import type { Breadcrumb, NavLink, SidebarItem } from './types.ts';

/** Where one route sits in a sidebar: for breadcrumbs and prev/next. */
export interface SidebarPlace {
  sidebarId: string;
  breadcrumbs: Breadcrumb[];
  previous?: NavLink;
  next?: NavLink;
}

/**
 * For every route a sidebar links to: its sidebar, its breadcrumbs (the categories
 * above it, then itself) and its neighbours in reading order (a category's own page
 * comes before its children; outside links, `ref` items and `html` items are skipped).
 * The first sidebar that lists a route wins.
 */
export function placeInSidebars(sidebars: Record<string, SidebarItem[]>): Map<string, SidebarPlace> {
  const places = new Map<string, SidebarPlace>();
  for (const [sidebarId, items] of Object.entries(sidebars)) {
    const order: { link: NavLink; crumbs: Breadcrumb[] }[] = [];
    const walk = (list: SidebarItem[], crumbs: Breadcrumb[]) => {
      for (const item of list) {
        if (item.type === 'html') continue;
        if (item.type === 'link') {
          if (!item.external && !item.ref) order.push({ link: { label: item.label, href: item.href }, crumbs: [...crumbs, { label: item.label }] });
        } else {
          if (item.href) order.push({ link: { label: item.label, href: item.href }, crumbs: [...crumbs, { label: item.label }] });
          walk(item.items, [...crumbs, { label: item.label, href: item.href }]);
        }
      }
    };
    walk(items, []);
    order.forEach(({ link, crumbs }, i) => {
      if (places.has(link.href)) return;
      places.set(link.href, { sidebarId, breadcrumbs: crumbs, previous: order[i - 1]?.link, next: order[i + 1]?.link });
    });
  }
  return places;
}

/** Every route a sidebar links to, in order. */
export function sidebarRoutes(items: SidebarItem[]): string[] {
  return items.flatMap((item) =>
    item.type === 'html' ? [] : item.type === 'link' ? (item.external ? [] : [item.href]) : [...(item.href ? [item.href] : []), ...sidebarRoutes(item.items)],
  );
}
