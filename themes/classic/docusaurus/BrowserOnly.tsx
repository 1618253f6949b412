import type { ReactNode } from 'react';
import { useIsBrowser } from './hooks.ts';

/** `@docusaurus/BrowserOnly`: its render function runs only in the browser; the server (and no-JS readers) get the fallback. */
export default function BrowserOnly({ children, fallback }: { children?: () => ReactNode; fallback?: ReactNode }) {
  const isBrowser = useIsBrowser();
  return <>{isBrowser && typeof children === 'function' ? children() : (fallback ?? null)}</>;
}
