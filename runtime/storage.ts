/**
 * The one way the site touches browser storage (SPEC §7). Storage can throw (private
 * mode, quota, disabled cookies) or be absent (server rendering): failures are logged and
 * ignored, and reads fall back to an in-memory copy so the page keeps working.
 */
const memory = new Map<string, string>();
let warnedServer = false;

function backend(): Storage | null {
  if (typeof window === 'undefined') {
    if (!warnedServer) {
      warnedServer = true;
      console.warn('Browser storage is not available during server rendering; storage calls do nothing there.');
    }
    return null;
  }
  try {
    return window.localStorage;
  } catch (error) {
    console.error('Browser storage is unavailable; preferences are kept in memory only.', error);
    return null;
  }
}

export const storage = {
  get(key: string): string | null {
    const store = backend();
    if (!store) return typeof window === 'undefined' ? null : memory.get(key) ?? null;
    try {
      return store.getItem(key);
    } catch (error) {
      console.error(`Could not read "${key}" from browser storage.`, error);
      return memory.get(key) ?? null;
    }
  },
  set(key: string, value: string): void {
    if (typeof window === 'undefined') {
      backend();
      return;
    }
    memory.set(key, value);
    try {
      backend()?.setItem(key, value);
    } catch (error) {
      console.error(`Could not write "${key}" to browser storage.`, error);
    }
  },
  remove(key: string): void {
    if (typeof window === 'undefined') {
      backend();
      return;
    }
    memory.delete(key);
    try {
      backend()?.removeItem(key);
    } catch (error) {
      console.error(`Could not remove "${key}" from browser storage.`, error);
    }
  },
};

/** Storage keys of SPEC §7, in one place. */
export const storageKeys = {
  theme: 'theme',
  announcementDismiss: 'docusaurus.announcement.dismiss',
  announcementId: 'docusaurus.announcement.id',
  preferredVersion: (pluginId: string) => `docs-preferred-version-${pluginId}`,
  tabGroup: (group: string) => `docusaurus.tab.${group}`,
};
