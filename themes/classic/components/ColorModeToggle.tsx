import { useEffect, useState } from 'react';
import { useSite } from '../../../runtime/SiteContext.ts';
import { storage, storageKeys } from '../../../runtime/storage.ts';

type Mode = 'light' | 'dark';

function systemMode(): Mode {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * Light/dark switch (SPEC §4). The choice is stored under `theme`; with no stored choice
 * the mode is the system's (if respected) or the default; a change in another tab is
 * adopted; with the system preference respected, system changes are followed except
 * while printing.
 */
export function ColorModeToggle() {
  const { colorMode } = useSite();
  // The server does not know the stored mode: start from the default, then read the page.
  const [mode, setMode] = useState<Mode>(colorMode.defaultMode);
  useEffect(() => {
    const apply = (next: Mode) => {
      document.documentElement.setAttribute('data-theme', next);
      document.documentElement.style.colorScheme = next;
      setMode(next);
    };
    const fallback = (): Mode => (colorMode.respectPrefersColorScheme ? systemMode() : colorMode.defaultMode);
    setMode((document.documentElement.getAttribute('data-theme') as Mode | null) ?? fallback());
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storageKeys.theme) return;
      apply(event.newValue === 'dark' || event.newValue === 'light' ? event.newValue : fallback());
    };
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const onSystem = () => {
      if (!colorMode.respectPrefersColorScheme || window.matchMedia('print').matches) return;
      if (storage.get(storageKeys.theme) === null) apply(systemMode());
    };
    // Site code may set the mode too (useColorMode's setColorMode): the switch shows what the page has.
    const observer = new MutationObserver(() => setMode(document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light'));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    window.addEventListener('storage', onStorage);
    media.addEventListener('change', onSystem);
    return () => {
      observer.disconnect();
      window.removeEventListener('storage', onStorage);
      media.removeEventListener('change', onSystem);
    };
  }, [colorMode]);
  if (colorMode.disableSwitch) return null;
  const next: Mode = mode === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="color-mode-toggle"
      title={`Switch between dark and light mode (currently ${mode} mode)`}
      aria-label={`Switch between dark and light mode (currently ${mode} mode)`}
      aria-live="polite"
      onClick={() => {
        storage.set(storageKeys.theme, next);
        document.documentElement.setAttribute('data-theme', next);
        document.documentElement.style.colorScheme = next;
        setMode(next);
      }}
    >
      {mode === 'dark' ? (
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path fill="currentColor" d="M9.37 5.51A7.35 7.35 0 0 0 9.1 7.5c0 4.08 3.32 7.4 7.4 7.4.68 0 1.35-.09 1.99-.27A7.014 7.014 0 0 1 12 19c-3.86 0-7-3.14-7-7 0-2.93 1.81-5.45 4.37-6.49zM12 3a9 9 0 1 0 9 9c0-.46-.04-.92-.1-1.36a5.389 5.389 0 0 1-4.4 2.26 5.403 5.403 0 0 1-3.14-9.8c-.44-.06-.9-.1-1.36-.1z" /></svg>
      ) : (
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path fill="currentColor" d="M12 9c1.65 0 3 1.35 3 3s-1.35 3-3 3-3-1.35-3-3 1.35-3 3-3m0-2c-2.76 0-5 2.24-5 5s2.24 5 5 5 5-2.24 5-5-2.24-5-5-5zM2 13h2c.55 0 1-.45 1-1s-.45-1-1-1H2c-.55 0-1 .45-1 1s.45 1 1 1zm18 0h2c.55 0 1-.45 1-1s-.45-1-1-1h-2c-.55 0-1 .45-1 1s.45 1 1 1zM11 2v2c0 .55.45 1 1 1s1-.45 1-1V2c0-.55-.45-1-1-1s-1 .45-1 1zm0 18v2c0 .55.45 1 1 1s1-.45 1-1v-2c0-.55-.45-1-1-1s-1 .45-1 1zM5.99 4.58a.996.996 0 0 0-1.41 0 .996.996 0 0 0 0 1.41l1.06 1.06c.39.39 1.03.39 1.41 0s.39-1.03 0-1.41L5.99 4.58zm12.37 12.37a.996.996 0 0 0-1.41 0 .996.996 0 0 0 0 1.41l1.06 1.06c.39.39 1.03.39 1.41 0a.996.996 0 0 0 0-1.41l-1.06-1.06zm1.06-10.96a.996.996 0 0 0 0-1.41.996.996 0 0 0-1.41 0l-1.06 1.06c-.39.39-.39 1.03 0 1.41s1.03.39 1.41 0l1.06-1.06zM7.05 18.36a.996.996 0 0 0 0-1.41.996.996 0 0 0-1.41 0l-1.06 1.06c-.39.39-.39 1.03 0 1.41s1.03.39 1.41 0l1.06-1.06z" /></svg>
      )}
    </button>
  );
}
