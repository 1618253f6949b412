import { createContext } from 'react';
import type { IslandLoaders } from './hydrateIslands.ts';

/**
 * Island loaders beyond the theme's: the site's own components, which only the client
 * bundle knows (`virtual:site-islands`). Empty on the server, where islands never hydrate.
 */
export const IslandsContext = createContext<IslandLoaders>({});
