import type { KeyPath, Notes } from './notes.ts';

type Obj = Record<string, unknown>;

/**
 * Maps the classic theme's `themeConfig` (docusaurus-rules.md §12) onto the native
 * `navbar`, `footer`, `announcementBar`, `colorMode`, `image` and `search`. Keys the native
 * config has no place for are noted once each (by key, whatever the item).
 */
export function mapThemeConfig(theme: Obj, notes: Notes): Obj {
  // Docusaurus's navbar without a `style` has the page's colours (the native default is 'primary').
  const out: Obj = { navbar: { style: 'plain' } };
  for (const [key, value] of Object.entries(theme)) {
    const at: KeyPath = ['themeConfig', key];
    const o = obj(value);
    if (key === 'navbar' && o) out.navbar = mapNavbar(o, notes, at);
    else if (key === 'footer' && o) out.footer = mapFooter(o, notes, at);
    else if (key === 'announcementBar' && o) out.announcementBar = pick(o, ANNOUNCEMENT, notes, at);
    else if (key === 'colorMode' && o) out.colorMode = pick(o, COLOR_MODE, notes, at);
    else if (key === 'image' && typeof value === 'string') out.image = staticPath(value);
    else if (key === 'tableOfContents' && o) out.tableOfContents = pick(o, TABLE_OF_CONTENTS, notes, at);
    else if (key === 'metadata' && Array.isArray(value) && value.every((m) => obj(m) && Object.values(obj(m)!).every((v) => typeof v === 'string'))) {
      // Meta tags for every page (name or property, and content): the head tags of the native config, after the theme's own (a later one wins).
      out.metadata = value.map((attributes) => ({ tagName: 'meta', attributes }));
    }
    else if (key === 'docs' && o && Object.keys(o).every((k) => k === 'sidebar' || k === 'versionPersistence')) mapDocsTheme(o, out, notes, at);
    else if (key === 'algolia' && o) out.search = mapAlgolia(o, notes, at);
    else if (key === 'blog' && o) mapBlogTheme(o, out, notes, at);
    else if (key === 'mermaid' && o) out.mermaid = mapMermaid(o, notes, at);
    else if (key === 'zoom' && o) out.zoom = mapZoom(o, notes, at);
    else if (key === 'prism' && o) {
      const prism = mapPrism(o, notes, at);
      if (prism) out.prism = prism;
    } else notes.unsupported(at);
  }
  // Docusaurus colours code with palenight in both modes when the config names no theme.
  if (!obj(theme.prism)) out.prism = { theme: 'palenight', darkTheme: 'palenight' };
  return out;
}

/** `blog`: `sidebar.groupByYear`, as `blogSidebarGroupByYear` (the blog options', mapConfig.ts). */
function mapBlogTheme(blog: Obj, out: Obj, notes: Notes, at: KeyPath): void {
  for (const [key, value] of Object.entries(blog)) {
    const sidebar = obj(value);
    if (key !== 'sidebar' || !sidebar) {
      notes.unsupported([...at, key]);
      continue;
    }
    for (const [option, v] of Object.entries(sidebar)) {
      if (option === 'groupByYear' && typeof v === 'boolean') out.blogSidebarGroupByYear = v;
      else notes.unsupported([...at, key, option]);
    }
  }
}

/** `mermaid`: its `theme` (a Mermaid theme name for `light` and `dark`) and `options` (for mermaid.initialize), as the native `mermaid`. */
function mapMermaid(mermaid: Obj, notes: Notes, at: KeyPath): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(mermaid)) {
    const o = obj(value);
    if (key === 'theme' && o && Object.entries(o).every(([mode, name]) => (mode === 'light' || mode === 'dark') && typeof name === 'string')) out.theme = o;
    else if (key === 'options' && o) out.options = o;
    else notes.unsupported([...at, key]);
  }
  return out;
}

/**
 * docusaurus-plugin-image-zoom's `zoom`: `selector`, `background` per colour mode, and of
 * medium-zoom's `config`, `margin`, `scrollOffset` and `background`. Whether images zoom
 * at all is the plugin's (mapConfig.ts).
 */
function mapZoom(zoom: Obj, notes: Notes, at: KeyPath): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(zoom)) {
    const o = obj(value);
    if (key === 'selector' && typeof value === 'string') out.selector = value;
    else if (key === 'background' && o && typeof o.light === 'string' && typeof o.dark === 'string' && Object.keys(o).length === 2) out.background = o;
    else if (key === 'config' && o) {
      const config: Obj = {};
      for (const [option, v] of Object.entries(o)) {
        if ((option === 'margin' || option === 'scrollOffset') && typeof v === 'number') config[option] = v;
        else if (option === 'background' && typeof v === 'string') config[option] = v;
        else notes.unsupported([...at, key, option]);
      }
      out.config = config;
    } else notes.unsupported([...at, key]);
  }
  return out;
}

/** `docs`: `sidebar` (hideable, autoCollapseCategories) as `docsSidebar`; `versionPersistence` is the docs options'. */
function mapDocsTheme(docs: Obj, out: Obj, notes: Notes, at: KeyPath): void {
  const sidebar = obj(docs.sidebar) ?? {};
  const kept: Obj = {};
  for (const [key, value] of Object.entries(sidebar)) {
    if ((key === 'hideable' || key === 'autoCollapseCategories') && typeof value === 'boolean') kept[key] = value;
    else notes.unsupported([...at, 'sidebar', key]);
  }
  if (Object.keys(kept).length > 0) out.docsSidebar = kept;
  // Every docs instance's (the native option is each instance's own).
  if (docs.versionPersistence === 'localStorage' || docs.versionPersistence === 'none') out.versionPersistence = docs.versionPersistence;
  else if (docs.versionPersistence !== undefined) notes.unsupported([...at, 'versionPersistence']);
}

/**
 * `prism`: its `theme` and `darkTheme`, each a prism-react-renderer theme object (the
 * package's own, which the config gets from the generator when the site has none
 * installed, or the site's). One not given is Docusaurus's default, palenight, as
 * Docusaurus fills it in. `additionalLanguages` adds Prism's grammars to the generator's
 * (a name Prism lacks is warned of when the config is resolved); `magicComments` other than
 * Docusaurus's, and a theme that is not an object of that shape, are warned of.
 */
function mapPrism(prism: Obj, notes: Notes, at: KeyPath): Obj | undefined {
  const out: Obj = {};
  let unresolved = false;
  for (const [key, value] of Object.entries(prism)) {
    if (key === 'additionalLanguages') {
      // Prism's ids, as prism-include-languages requires them; the schema says what is wrong with another value.
      if (Array.isArray(value) && value.length > 0) out.additionalLanguages = value.map((name) => (typeof name === 'string' ? name.toLowerCase() : name));
      continue;
    }
    if (key === 'magicComments') {
      // Docusaurus's own set is what code blocks read without it (content/markdown/codeBlock.ts).
      if (JSON.stringify(value) === DEFAULT_MAGIC_COMMENTS) continue;
      if (Array.isArray(value) && value.every(isMagicComment)) out.magicComments = value;
      else notes.unsupported([...at, key], 'only magic comments of { className, line, block: { start, end } } mark lines');
      continue;
    }
    const theme = (key === 'theme' || key === 'darkTheme') && prismThemeOf(value);
    if (theme) out[key] = theme;
    else {
      unresolved ||= key === 'theme' || key === 'darkTheme';
      notes.unsupported([...at, key], "code is highlighted with the theme's own colours");
    }
  }
  const extras = { ...(out.magicComments ? { magicComments: out.magicComments } : {}), ...(out.additionalLanguages ? { additionalLanguages: out.additionalLanguages } : {}) };
  // A theme it names but that cannot be read (a package not installed): the theme's own colours rather than a guess.
  if (unresolved && !out.theme && !out.darkTheme) return Object.keys(extras).length > 0 ? extras : undefined;
  return { theme: out.theme ?? 'palenight', darkTheme: out.darkTheme ?? 'palenight', ...extras };
}

/** A magic comment Docusaurus takes: a class, and a line comment or a block's start and end. */
function isMagicComment(value: unknown): boolean {
  const comment = obj(value);
  const block = comment && obj(comment.block);
  return !!comment && typeof comment.className === 'string' && (typeof comment.line === 'string' || (!!block && typeof block.start === 'string' && typeof block.end === 'string'));
}

/** Docusaurus's default `magicComments`, as JSON writes it. */
const DEFAULT_MAGIC_COMMENTS = JSON.stringify([{ className: 'theme-code-block-highlighted-line', line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } }]);

/** A Prism theme object as JSON carries it (`{ plain, styles }`); undefined for anything else (a stand-in, a function). */
function prismThemeOf(value: unknown): Obj | undefined {
  const theme = obj(value);
  if (!theme || !Array.isArray(theme.styles) || (theme.plain !== undefined && !obj(theme.plain))) return undefined;
  try {
    return JSON.parse(JSON.stringify({ plain: theme.plain ?? {}, styles: theme.styles })) as Obj;
  } catch {
    return undefined;
  }
}

const ANNOUNCEMENT = { id: 'string', content: 'string', backgroundColor: 'string', textColor: 'string', isCloseable: 'boolean' } as const;
const TABLE_OF_CONTENTS = { minHeadingLevel: 'number', maxHeadingLevel: 'number' } as const;
const COLOR_MODE = { defaultMode: 'string', disableSwitch: 'boolean', respectPrefersColorScheme: 'boolean' } as const;
const LOGO = { src: 'string', srcDark: 'string', alt: 'string', width: 'any', height: 'any', href: 'string', target: 'string' } as const;

function mapNavbar(navbar: Obj, notes: Notes, at: KeyPath): Obj {
  const out: Obj = { style: 'plain' };
  for (const [key, value] of Object.entries(navbar)) {
    if (key === 'title' && typeof value === 'string') out.title = value;
    else if (key === 'hideOnScroll' && typeof value === 'boolean') out.hideOnScroll = value;
    else if (key === 'style' && (value === 'dark' || value === 'primary')) out.style = value;
    else if (key === 'logo' && obj(value)) out.logo = logo(obj(value)!, notes, [...at, key]);
    else if (key === 'items' && Array.isArray(value)) out.items = value.flatMap((item, i) => navbarItem(item, notes, [...at, 'items', i]));
    else notes.unsupported([...at, key]);
  }
  return out;
}

/** Which keys each native navbar item type takes. */
const ITEM_KEYS: Record<string, string[]> = {
  default: ['label', 'to', 'href', 'position', 'className', 'html', 'aria-label', 'target'],
  doc: ['docId', 'label', 'position', 'className'],
  docSidebar: ['sidebarId', 'label', 'position', 'className'],
  dropdown: ['label', 'items', 'position', 'className'],
  localeDropdown: ['label', 'position', 'className', 'dropdownItemsBefore', 'dropdownItemsAfter'],
  docsVersionDropdown: ['label', 'position', 'className', 'dropdownItemsBefore', 'dropdownItemsAfter'],
  search: ['position', 'className'],
  html: ['value', 'position', 'className'],
};

function navbarItem(raw: unknown, notes: Notes, at: KeyPath): Obj[] {
  const item = obj(raw);
  if (!item) return [];
  // An item with `items` and no type is a dropdown, as in Docusaurus.
  const type = typeof item.type === 'string' ? item.type : Array.isArray(item.items) ? 'dropdown' : 'default';
  const keys = ITEM_KEYS[type];
  if (!keys) {
    notes.unsupported([...at, 'type'], `navbar items of type "${type}" are left out`);
    return [];
  }
  // Docusaurus puts navbar items on the left unless they say otherwise.
  const out: Obj = { type, position: 'left' };
  for (const [key, value] of Object.entries(item)) {
    if (key === 'type') continue;
    // The theme's dropdowns never mark their toggle as the current page's: what this asks for.
    if (key === 'dropdownActiveClassDisabled' && value === true && type.endsWith('ropdown')) continue;
    if (key === 'docsPluginId') {
      if (value === 'default' || value === undefined) continue;
      // Items that lead into a docs instance say which; the graph checks that it exists.
      if (typeof value === 'string' && (type === 'doc' || type === 'docSidebar' || type === 'docsVersionDropdown')) out.docsPluginId = value;
      else notes.unsupported([...at, key]);
      continue;
    }
    if (!keys.includes(key)) {
      notes.unsupported([...at, key]);
      continue;
    }
    if (key === 'items' || key === 'dropdownItemsBefore' || key === 'dropdownItemsAfter') {
      out[key] = Array.isArray(value) ? value.flatMap((child, i) => dropdownChild(child, notes, [...at, key, i])) : [];
    }
    else if (key === 'to' && typeof value === 'string') Object.assign(out, linkTarget(value));
    else if (key === 'aria-label') out.ariaLabel = value;
    else out[key] = value;
  }
  if (type === 'default' && out.label === undefined && out.html === undefined && out.ariaLabel === undefined) {
    notes.unsupported([...at, 'label'], 'a navbar link with no label, html or aria-label names nothing, and is left out');
    return [];
  }
  return [out];
}

function dropdownChild(raw: unknown, notes: Notes, at: KeyPath): Obj[] {
  const child = obj(raw);
  if (!child) return [];
  if (child.type !== undefined && child.type !== 'default') {
    notes.unsupported([...at, 'type'], `dropdown entries of type "${String(child.type)}" are left out`);
    return [];
  }
  const out: Obj = {};
  for (const [key, value] of Object.entries(child)) {
    if (key === 'type') continue;
    if (key === 'label' || key === 'href') out[key] = value;
    else if (key === 'to' && typeof value === 'string') Object.assign(out, linkTarget(value));
    else notes.unsupported([...at, key]);
  }
  return typeof out.label === 'string' ? [out] : [];
}

function mapFooter(footer: Obj, notes: Notes, at: KeyPath): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(footer)) {
    if (key === 'style' && (value === 'dark' || value === 'light')) out.style = value;
    else if (key === 'copyright' && typeof value === 'string') out.copyright = value;
    else if (key === 'logo' && obj(value)) out.logo = logo(obj(value)!, notes, [...at, key]);
    else if (key === 'links' && Array.isArray(value)) {
      // Columns ({title, items}) or one row of links.
      out.links = value.flatMap((entry, i) => {
        const o = obj(entry);
        if (!o) return [];
        if (Array.isArray(o.items)) {
          const column: Obj = { items: o.items.flatMap((link, j) => footerLink(link, notes, [...at, 'links', i, 'items', j])) };
          if (typeof o.title === 'string') column.title = o.title;
          return [column];
        }
        return footerLink(o, notes, [...at, 'links', i]);
      });
    } else notes.unsupported([...at, key]);
  }
  return out;
}

function footerLink(raw: unknown, notes: Notes, at: KeyPath): Obj[] {
  const link = obj(raw);
  if (!link) return [];
  const out: Obj = {};
  for (const [key, value] of Object.entries(link)) {
    if ((key === 'label' || key === 'href' || key === 'html') && typeof value === 'string') out[key] = value;
    else if (key === 'to' && typeof value === 'string') Object.assign(out, linkTarget(value));
    else notes.unsupported([...at, key]);
  }
  return [out];
}

function logo(o: Obj, notes: Notes, at: KeyPath): Obj {
  const out = pick(o, LOGO, notes, at);
  for (const key of ['src', 'srcDark'] as const) if (typeof out[key] === 'string') out[key] = staticPath(out[key] as string);
  return out;
}

function mapAlgolia(o: Obj, notes: Notes, at: KeyPath): Obj {
  const out: Obj = { provider: 'algolia' };
  for (const [key, value] of Object.entries(o)) {
    if (['appId', 'apiKey', 'indexName'].includes(key) && typeof value === 'string') out[key] = value;
    else if (key === 'contextualSearch' && typeof value === 'boolean') out.contextualSearch = value;
    // A path under the base URL ('search' by default), or false for none; the schema says what is wrong with another value.
    else if (key === 'searchPagePath' && (typeof value === 'string' || value === false)) out.pagePath = typeof value === 'string' ? value.replace(/^\/+|\/+$/g, '') : false;
    else notes.unsupported([...at, key]);
  }
  return out;
}

/** Copies the keys of `shape` whose value has the right type; notes the others. */
function pick(o: Obj, shape: Record<string, 'string' | 'number' | 'boolean' | 'any'>, notes: Notes, at: KeyPath): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(o)) {
    const type = shape[key];
    if (type && (type === 'any' || typeof value === type)) out[key] = value;
    else if (value !== undefined) notes.unsupported([...at, key]);
  }
  return out;
}

/**
 * A navbar or footer `to`, as Docusaurus's useBaseUrl reads it: a URL with a scheme stays
 * a URL (so it becomes `href`), anything else is a path from the site root (`to: 'blog'`
 * is `/blog`, not relative to the page).
 */
export function linkTarget(to: string): { to: string } | { href: string } {
  if (/^[a-z][a-z\d+.-]*:/i.test(to) || to.startsWith('//')) return { href: to };
  if (to.startsWith('#')) return { to };
  return { to: to.startsWith('/') ? to : `/${to}` };
}

/** A file in static/ as Docusaurus names it (`img/logo.svg`) → its URL path (`/img/logo.svg`). */
export function staticPath(p: string): string {
  return /^[a-z][a-z\d+.-]*:/i.test(p) || p.startsWith('/') || p.startsWith('data:') ? p : `/${p}`;
}

function obj(value: unknown): Obj | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : undefined;
}
