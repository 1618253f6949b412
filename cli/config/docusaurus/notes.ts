import type { Diagnostic } from '../../report/diagnostic.ts';
import { catalog } from '../../errors/catalog.ts';

/** A path into the Docusaurus config: keys and array positions. */
export type KeyPath = (string | number)[];

/**
 * Collects what mapping a Docusaurus config leaves out, each thing once: an option that
 * forty navbar items carry is one warning, placed at the first of them (array positions
 * are ignored when deciding what is "the same option").
 */
export class Notes {
  readonly warnings: Diagnostic[] = [];
  private readonly seen = new Set<string>();
  constructor(private readonly file: string) {}

  /** An option with no equivalent here: named by its key path, with what happens instead. */
  unsupported(at: KeyPath, effect = 'it is ignored'): void {
    this.add(at, catalog.docusaurusOptionUnsupported(showPath(at), effect));
  }

  /** A plugin, theme or preset that cannot run here. */
  plugin(at: KeyPath, name: string): void {
    this.add([...at.filter((k) => typeof k === 'string'), name], catalog.docusaurusPluginUnsupported(name, showPath(at)), at);
  }

  /** Any other note, with its own catalog entry. */
  add(at: KeyPath, entry: { code: string; message: string; hint?: string }, placeAt: KeyPath = at): void {
    const id = `${entry.code} ${at.filter((k) => typeof k === 'string').join('.')}`;
    if (this.seen.has(id)) return;
    this.seen.add(id);
    this.warnings.push({ severity: 'warning', file: this.file, configKey: placeAt.join('.'), ...entry });
  }
}

/** `themeConfig.navbar.items[3].aria-label` */
export function showPath(at: KeyPath): string {
  return at.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}
