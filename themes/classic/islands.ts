import type { IslandLoaders } from '../../runtime/islands/hydrateIslands.ts';

/**
 * The classic theme's islands, by the name its content components give them, each loaded
 * (a chunk of its own) when a page first shows one.
 */
export const classicIslands: IslandLoaders = {
  Tabs: () => import('./content/TabsView.tsx').then((m) => m.TabsView as never),
  CodeBlockBody: () => import('./content/CodeBlockBody.tsx').then((m) => m.CodeBlockBody as never),
};
