/**
 * Every message the generator shows an author, in one place. Codes are permanent (tests,
 * docs and CI filters rely on them). Pattern: what happened, why it matters, what to do.
 * See README.md beside this file.
 */
export type Entry = { code: string; message: string; hint?: string };

const list = (items: string[], max = 12) =>
  items.length === 0 ? '(none)' : items.slice(0, max).map((s) => `"${s}"`).join(', ') + (items.length > max ? `, … (${items.length} in all)` : '');

/** A value quoted in a message, cut when long (an address of 100,000 characters would fill the terminal). */
const clip = (s: string, max = 120) => (s.length > max ? `${s.slice(0, max)}…` : s);

const MEGABYTE = 1024 * 1024;
/** `1 MB`, `2.37 MB`, `512 KB`: whole sizes as they are set, others with the digits that tell them apart. */
/** A count with thousands separated, whatever the machine's locale. */
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');
const fileSize = (bytes: number) => {
  const [unit, name] = bytes >= MEGABYTE ? [MEGABYTE, 'MB'] : [1024, 'KB'];
  return `${Number.isInteger(bytes / unit) ? bytes / unit : (bytes / unit).toFixed(2)} ${name}`;
};

export const catalog = {
  /** `found`: what is at the path instead of a folder. */
  configNotFound: (dir: string, found: 'nothing' | 'a file'): Entry => ({
    code: 'config-not-found',
    message: found === 'nothing' ? `There is no site folder "${dir}": nothing is there.` : `"${dir}" is a file, not a site folder.`,
    hint: 'Pass the folder that holds the site: its docs/ (or blog/) and, if it has one, its site.config.ts or docusaurus.config.js.',
  }),
  /** `threw`: its code threw `cause` as it ran (else it could not be read or an import not resolved). */
  configLoadFailed: (file: string, cause: string, threw = false): Entry => ({
    code: 'config-load-failed',
    message: `The site config could not be loaded: ${cause}`,
    hint: threw ? `Its code threw this as it ran: fix that line of ${file}, or what it reads there (an environment variable, a file, a package) if that is missing.` : `Fix the syntax or the import in ${file}.`,
  }),
  staticHoldsSite: (folder: string): Entry => ({
    code: 'static-holds-site',
    message: `The static folder "${folder}" holds the site folder itself: everything in it would be published as it is, the config, the sources and any secret beside them (.env) included.`,
    hint: 'Point paths.static (staticDirectories in a Docusaurus config) at a folder inside the site that holds only files to publish: static/ by default.',
  }),
  configInvalid: (path: string, detail: string, value: string): Entry => ({
    code: 'config-invalid',
    message: `Config key "${path}" ${detail}; found ${value}.`,
  }),
  configNotObject: (found: string): Entry => ({
    code: 'config-not-object',
    message: `The config does not export an object of settings; found ${found}.`,
    hint: "Export it as the module's default: export default { title: 'My site', … } (module.exports = { … } in a docusaurus.config.js).",
  }),
  configUnknownKey: (path: string, key: string, suggestion: string | undefined, allowed: string[]): Entry => ({
    code: 'config-unknown-key',
    message: `Unknown config key "${path ? `${path}.` : ''}${key}".`,
    hint: suggestion ? `Did you mean "${suggestion}"? Allowed here: ${list(allowed, 30)}.` : `Allowed here: ${list(allowed, 30)}.`,
  }),
  prismLanguageUnknown: (names: string[]): Entry => ({
    code: 'prism-language-unknown',
    message: `Prism has no language ${names.map((n) => `"${n}"`).join(', ')} (additionalLanguages): code blocks in ${names.length === 1 ? 'it' : 'them'} are shown plain.`,
    hint: "Write Prism's id of the language (the file names in prismjs/components, without prism- and .js), or leave it out.",
  }),
  docusaurusOptionUnsupported: (key: string, effect: string): Entry => ({
    code: 'docusaurus-option-unsupported',
    message: `The Docusaurus option "${key}" is not supported here yet: ${effect}.`,
  }),
  docusaurusPluginUnsupported: (name: string, key: string): Entry => ({
    code: 'docusaurus-plugin-unsupported',
    message: `The Docusaurus plugin or theme "${name}" (${key}) cannot run here: what it adds to the site is left out.`,
    hint: 'The docs, blog and pages of the classic preset, and each @docusaurus/plugin-content-docs instance, are built natively; other plugins are not run.',
  }),
  docusaurusMarkdownPluginUnsupported: (kind: 'remark' | 'rehype', name: string, key: string): Entry => ({
    code: 'docusaurus-plugin-unsupported',
    message: `The ${kind} plugin "${name}" (${key}) is not run here: what it changes in pages is left out.`,
    hint: 'Remark and rehype plugins Docusaurus runs are not run; @docusaurus/remark-plugin-npm2yarn, remark-math and rehype-katex are done natively. Content it would have made (a component, a heading id) can be written in the Markdown instead.',
  }),
  docusaurusPackageMissing: (name: string, file: string): Entry => ({
    code: 'docusaurus-package-missing',
    message: `${file} uses the package "${name}", which is not installed in the site folder: a stand-in was used, so the parts of the config that need it are left out.`,
    hint: 'Nothing to do unless those parts matter (a prism theme, a plugin, a remark plugin); then run npm install in the site folder.',
  }),
  docusaurusConfigRunFailed: (file: string, cause: string, missing: string[]): Entry => ({
    code: 'config-load-failed',
    message: `The site config could not be loaded: ${cause}`,
    hint: `${file} uses packages that are not installed (${list(missing)}), and a stand-in cannot do what they do: run npm install in the site folder, then build again.`,
  }),
  docusaurusStaticDirectories: (first: string, others: string[]): Entry => ({
    code: 'docusaurus-static-directories',
    message: `Only the first folder of staticDirectories, "${first}", is published as the static folder; ${list(others)} ${others.length === 1 ? 'is' : 'are'} not.`,
    hint: 'Move their files into the first folder, or list one folder only.',
  }),
  docusaurusLocales: (defaultLocale: string, others: string[]): Entry => ({
    code: 'docusaurus-locales',
    message: `Only the default locale "${defaultLocale}" is built; the other locales of i18n.locales (${list(others)}) are not.`,
  }),
  docusaurusConfigShadowed: (native: string, docusaurus: string): Entry => ({
    code: 'docusaurus-config-ignored',
    message: `Both ${native} and ${docusaurus} are in the site folder: ${native} is used and ${docusaurus} is not read.`,
    hint: `Remove ${native} to build from ${docusaurus}.`,
  }),
  sidebarsInvalid: (key: string, reason: string): Entry => ({
    code: 'sidebars-invalid',
    message: `The sidebar item at "${key}" ${reason}.`,
    hint: 'Sidebar items are doc ids, { type: "doc" | "ref", id }, { type: "link", label, href }, { type: "html", value }, { type: "category", label, items }, { type: "autogenerated", dirName }, or { "Label": [items] }.',
  }),
  /** `subject` says what the value is: `Config key "docs.sidebars"`, `The sidebar item at "api[2]"`. */
  valueShape: (subject: string, problem: { kind: 'self-reference' | 'too-deep' | 'too-large' | 'unreadable' | 'bigint'; ancestor?: string; thrown?: string }, limits: { depth: number; size: number }): Entry => {
    switch (problem.kind) {
      case 'bigint':
        return {
          code: 'config-bigint',
          message: `${subject} is the BigInt ${problem.thrown}, which the site's data (JSON, as Docusaurus writes it too) cannot hold.`,
          hint: 'Write it as a number, or as a string if it is larger than a number holds exactly.',
        };
      case 'unreadable':
        return {
          code: 'config-unreadable',
          message: `${subject} could not be read: its code threw "${problem.thrown}".`,
          hint: 'A getter or Proxy in the exported value runs each time the value is read: fix what it throws, or write the value out.',
        };
      case 'self-reference':
        return {
          code: 'config-self-reference',
          message: `${subject} holds ${problem.ancestor ? `"${problem.ancestor}"` : 'the whole export'}, the value it sits in: written out, it would never end.`,
          hint: 'Give it a new object or array (a copy, or one built by a function), not one of the values that contain it.',
        };
      case 'too-deep':
        return {
          code: 'config-too-deep',
          message: `${subject} is nested more than ${limits.depth} levels deep.`,
          hint: 'No sidebar or option needs more than a few levels: check the code that builds this value.',
        };
      case 'too-large':
        return {
          code: 'config-too-large',
          message: `${subject} holds more than ${count(limits.size)} values written out (a value used twice counts twice).`,
          hint: 'Check the code that builds this value: one that holds the same value twice at each level doubles with each level.',
        };
    }
  },
  sidebarsLoadFailed: (file: string, cause: string, threw = false): Entry => ({
    code: 'sidebars-load-failed',
    message: `The sidebars file could not be loaded: ${cause}`,
    hint: threw ? `Its code threw this as it ran: fix that line of ${file}, or what it reads there if that is missing.` : `Fix the syntax or the import in ${file}, or point sidebarPath at the right file.`,
  }),
  frontMatterSyntax: (reason: string): Entry => ({
    code: 'front-matter-syntax',
    message: `The front matter is not valid YAML: ${reason}.`,
    hint: 'Check the indentation and quote values that contain ":" or "#".',
  }),
  yamlExpansion: (what: string, reason: string): Entry => ({
    code: 'yaml-expansion',
    message: `${what} cannot be read: ${reason}, far more than its text holds, and every step that reads it would repeat them.`,
    hint: 'Write the values out, or alias each value once instead of aliasing lists of aliases.',
  }),
  dataTooDeep: (what: string, reason: string): Entry => ({
    code: 'data-too-deep',
    message: `${what} cannot be read: ${reason} here.`,
    hint: 'No front matter or data file needs more than a few levels: close the lists and maps sooner.',
  }),
  dataControl: (what: string, key: string, char: number): Entry => ({
    code: 'control-character',
    message: `${what} gives "${key}" the control character U+${char.toString(16).toUpperCase().padStart(4, '0')} (written as an escape, such as "\\u${char.toString(16).padStart(4, '0')}"), which no text shows: readers would see garbage, and the RSS and Atom feeds would not be XML.`,
    hint: 'Remove the escape from the value.',
  }),
  /** `rule`: what the value must be, "must be a number". */
  frontMatterField: (key: string, rule: string, value: string): Entry => ({
    code: 'front-matter-field',
    message: `Front matter "${key}" ${rule}; found ${value}.`,
    hint: /(^|\.)date$/.test(key)
      ? `Write the date as YYYY-MM-DD (for example 2024-03-15) or as an ISO 8601 date-time (2024-03-15T10:00:00Z), or remove "${key}".`
      : `Correct the value of "${key}" in the front matter, or remove the key to use the default.`,
  }),
  categoryInvalid: (reason: string): Entry => ({
    code: 'category-invalid',
    message: `The category file is invalid: ${reason}.`,
    hint: 'Allowed keys: label, position, collapsed, collapsible, className, description, customProps, key, link ({ type: "doc", id } or { type: "generated-index", slug, title, description, image, keywords }).',
  }),
  notUtf8: (byte: number): Entry => ({
    code: 'file-encoding',
    message: `The file is not UTF-8 text: byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} here is not valid UTF-8, so readers would see "\uFFFD" in place of the text.`,
    hint: 'Save the file as UTF-8 (in most editors: "Save with Encoding" → UTF-8). Latin-1 and Windows-1252 files are the usual cause.',
  }),
  badUtf16: (encoding: string): Entry => ({
    code: 'file-encoding',
    message: `The file starts with a ${encoding} byte order mark but is not valid ${encoding} text.`,
    hint: 'Save the file again as UTF-8.',
  }),
  fileTooLarge: (bytes: number, limit: number): Entry => ({
    code: 'file-too-large',
    message: `The file is ${fileSize(bytes)}, over the ${fileSize(limit)} a content file may be (markdown.maxFileSize). A page that long takes seconds and hundreds of megabytes to build, and no reader gets through it.`,
    hint: `Split it into several pages (one per section, version or year), or raise the limit: markdown.maxFileSize in site.config.ts, or --max-file-size ${Math.ceil(bytes / MEGABYTE)}mb on the command line.`,
  }),
  binaryFile: (char: number): Entry => ({
    code: 'binary-file',
    message: `The file holds the control character U+${char.toString(16).toUpperCase().padStart(4, '0')}, which text files do not: it looks like a binary file, and would be published as garbage.`,
    hint: 'Remove the file from the content folder, or save it as plain UTF-8 text.',
  }),
  invalidDate: (key: string, value: string): Entry => ({
    code: 'invalid-date',
    message: `Front matter "${key}" is not a real date; found ${value}.`,
    hint: 'Write the date as YYYY-MM-DD (for example 2024-03-15) or as an ISO 8601 date-time (2024-03-15T10:00:00Z).',
  }),
  dateRollsOver: (key: string, value: string, readAs: string): Entry => ({
    code: 'date-rolls-over',
    message: `Front matter "${key}" names a day its month does not have; found ${value}, read as ${readAs}, as Docusaurus reads it.`,
    hint: 'Write the day that was meant (the last day of a month is the 28th or 29th of February, the 30th of April, June, September and November).',
  }),
  fileNameDate: (date: string): Entry => ({
    code: 'invalid-date',
    message: `The file name starts with the date ${date}, which is not a real date, so the post can be neither dated nor given its /YYYY/MM/DD/ address.`,
    hint: 'Rename the file with a real date (YYYY-MM-DD-name.md, for example 2024-12-31-name.md).',
  }),
  markdownTooManyNodes: (nodes: number, limit: number): Entry => ({
    code: 'markdown-too-dense',
    message: `The page has ${count(nodes)} Markdown nodes (paragraphs, list items, table cells, links, runs of text), over the ${count(limit)} a page may have (markdown.maxNodes); it passes the limit here. A page that dense takes seconds to build, and a browser to draw.`,
    hint: `Split it into several pages, or raise the limit: markdown.maxNodes in site.config.ts (${count(Math.ceil(nodes / 10_000) * 10_000)} would take this page).`,
  }),
  sitePluginsWithStandIns: (missing: string[]): Entry => ({
    code: 'docusaurus-package-missing',
    message: `The site's remark and rehype plugins run while the config uses packages that are not installed (${missing.length > 3 ? `${missing.slice(0, 3).join(', ')} and ${missing.length - 3} more, listed above` : missing.join(', ')}): a plugin that needs one of them does nothing, and a file a plugin fails on is shown without the site's plugins.`,
    hint: 'Run npm install in the site folder, then build again.',
  }),
  sitePluginFailedWithStandIns: (failure: string, files: number, missing: string[]): Entry => ({
    code: 'site-plugin-failed',
    message: `${failure}${/[.!?]$/.test(failure) ? '' : '.'} ${files > 1 ? `So did it on ${count(files - 1)} other file${files > 2 ? 's' : ''}; each is` : 'This file is'} shown without the site's remark and rehype plugins.`,
    hint: `The plugin may need a package that is not installed (${missing.length > 3 ? `${missing.slice(0, 3).join(', ')} and ${missing.length - 3} more` : missing.join(', ')}): run npm install in the site folder, then build again.`,
  }),
  sitePluginFailed: (kind: 'remark' | 'rehype', name: string, configKey: string, reason: string): Entry => ({
    code: 'site-plugin-failed',
    message: `The site's ${kind} plugin "${name}" (${configKey}) failed on this file: ${reason}`,
    hint: `The plugin is the site's code, run as Docusaurus runs it: correct it or the page, or remove it from the config's ${kind}Plugins.`,
  }),
  mathFormulaTooLong: (length: number, limit: number, display: boolean): Entry => ({
    code: 'math-too-long',
    message: `This formula is ${count(length)} characters of TeX, more than the ${count(limit)} a formula may have, so it is shown as written.`,
    hint: display ? 'Is a $$ block left open? Without its closing $$ it runs to the end of the page (or of its list item or quote): close it, or split the formula.' : 'Is a $ left open? Close it (write \\$ for a literal dollar sign), or split the formula.',
  }),
  mathTooLarge: (budget: number): Entry => ({
    code: 'markdown-too-dense',
    message: `The page's math passes the size a page may have here: its formulas up to this one are drawn with more than the ${count(Math.max(budget, 0))} elements left of markdown.maxNodes after its Markdown. A page that dense takes seconds to build, and a browser to draw.`,
    hint: 'Split it into several pages, or raise markdown.maxNodes in site.config.ts. (Prose with dollar amounts on a site with math: write \\$ for a literal $, or set markdown.math.singleDollarTextMath to false.)',
  }),
  markdownTooDeep: (what: string, limit: number): Entry => ({
    code: 'markdown-too-deep',
    message: `The Markdown nests ${what} more than ${limit} levels deep here; no reader can follow that, and pages that deep cannot be built.`,
    hint: 'Flatten the structure. Deep nesting is usually a mistake: stray ">" or "-" at the start of lines, or HTML tags that are opened but never closed.',
  }),
  duplicateDocId: (id: string, others: string[]): Entry => ({
    code: 'duplicate-doc-id',
    message: `The doc id "${id}" is also used by ${others.join(', ')}; sidebars, the navbar and pagination would silently pick one of them.`,
    hint: 'Give each doc its own "id:" in the front matter (or remove "id:" to use the file name).',
  }),
  duplicateHeadingId: (id: string, firstLine: number): Entry => ({
    code: 'duplicate-heading-id',
    message: `The heading id "#${id}" is already used on this page (line ${firstLine}); links to #${id} would always land on the first one.`,
    hint: 'Give one of the headings another id: ## Title {#another-id}.',
  }),
  authorSocialsInvalid: (where: string, problem: string): Entry => ({
    code: 'author-socials-invalid',
    message: `${where}: ${problem}.`,
    hint: 'Give a handle (github: octocat) or the profile\'s full URL (github: https://github.com/octocat), as Docusaurus takes them.',
  }),
  authorSocialUnlinked: (where: string, problem: string): Entry => ({
    code: 'author-social-unlinked',
    message: `${where}: ${problem}.`,
    hint: 'Docusaurus makes profile URLs for x, twitter, github, linkedin, stackoverflow, bluesky, instagram, threads, mastodon, twitch, youtube and email; for any other platform write the URL: discord: https://discord.com/users/…',
  }),
  authorsInvalid: (problem: string): Entry => ({
    code: 'authors-invalid',
    message: `authors.yml: ${problem}.`,
    hint: 'Each author needs at least a name: key: { name: "Jane Doe", title: "…", url: "…", image_url: "…" }.',
  }),
  tagsFileInvalid: (problem: string): Entry => ({
    code: 'tags-file-invalid',
    message: `tags.yml: ${problem}.`,
    hint: 'Each tag is a key with optional label, permalink and description: release: { label: "Release", permalink: "/release", description: "…" }.',
  }),
  dataSyntax: (format: 'JSON' | 'YAML', reason: string): Entry => ({
    code: 'data-syntax',
    message: `${format} syntax error: ${reason}.`,
    hint: format === 'YAML' ? 'Check the indentation, close every [ and {, and quote values that contain ":" or "#".' : 'Check for a missing comma or quote, or a trailing comma.',
  }),
  routesAlikeOnMacOS: (pages: string[]): Entry => ({
    code: 'routes-alike',
    message: `The pages ${list(pages)} differ only in upper and lower case, or in how an accent is encoded: built on macOS, whose disks take them for one file (Windows' too, for case), one page would be written over the other.`,
    hint: 'Give one of them another "slug", or rename its file or folder.',
  }),
  duplicateRoute: (route: string, files: string[]): Entry => ({
    code: 'duplicate-route',
    message: `${files.length} ${files.some((f) => f.startsWith('(generated')) ? 'pages' : 'files'} claim the route ${route}: ${list(files)}.`,
    hint: files.some((f) => f.startsWith('static/'))
      ? 'A static file may not take the address of a page: rename or move it, or give the page a different "slug".'
      : files.some((f) => f.startsWith('(generated search page)'))
        ? 'Give the page a different "slug", or search.pagePath (Docusaurus: themeConfig.algolia.searchPagePath) another path.'
        : 'Give all but one a different "slug" in their front matter, or rename the files.',
  }),
  routeInsideFile: (route: string, folder: string, owner: string): Entry => ({
    code: 'route-inside-file',
    message: `The page ${route} cannot be written: its file would be inside the folder ${folder}/, but ${folder} is a file (${owner}).`,
    hint: 'Choose another slug, or rename the file or folder that takes the name.',
  }),
  reservedRoute: (route: string, prefix: string, searchPage = false): Entry => ({
    code: 'reserved-route',
    message: `The ${searchPage ? 'search page\'s ' : ''}route ${route} is inside ${prefix}, which the generator uses for its own files.`,
    hint: searchPage ? 'Give search.pagePath (Docusaurus: themeConfig.algolia.searchPagePath) another path.' : 'Choose another slug.',
  }),
  routeNotWritable: (route: string, reason: string): Entry => ({
    code: 'route-not-writable',
    message: `The page's address ${route.length > 80 ? `${route.slice(0, 80)}…` : route} cannot be written as a file: ${reason}.`,
    hint: 'Shorten or correct the slug, or the file, folder or tag name the address is made from.',
  }),
  unknownDocId: (id: string, where: string, available: string[], suggestion?: string): Entry => ({
    code: 'unknown-doc-id',
    message: `${where} refers to the doc id "${id}", which does not exist.`,
    hint: `${suggestion ? `Did you mean "${suggestion}"? ` : ''}Available doc ids: ${list(available, 20)}.`,
  }),
  unknownSidebarId: (id: string, where: string, available: string[]): Entry => ({
    code: 'unknown-sidebar-id',
    message: `${where} refers to the sidebar "${id}", which does not exist.`,
    hint: `Available sidebar ids: ${list(available)}.`,
  }),
  docusaurusDocsPluginDuplicate: (id: string): Entry => ({
    code: 'docusaurus-docs-plugin-duplicate',
    message: `A second docs plugin has the id "${id}", which another one already has; it is left out (Docusaurus refuses to build such a config).`,
    hint: 'Give each @docusaurus/plugin-content-docs entry its own id (the classic preset\'s docs are "default").',
  }),
  unknownDocsPlugin: (id: string, available: string[]): Entry => ({
    code: 'unknown-docs-plugin',
    message: `A navbar item links into the docs plugin "${id}", which the site does not have, so it would lead nowhere.`,
    hint: `Docs plugin ids of this site: ${list(available)}. Fix docsPluginId, or add that docs plugin.`,
  }),
  inlineBlogTag: (tag: string): Entry => ({
    code: 'blog-inline-tag',
    message: `The post's tag "${tag}" is not declared in tags.yml.`,
    hint: 'Declare it in tags.yml (a label, a permalink, a description), use a declared one, or set blog.onInlineTags to "ignore".',
  }),
  inlineBlogAuthor: (name: string): Entry => ({
    code: 'blog-inline-author',
    message: `The post's author "${name}" is written in its front matter, not named from authors.yml.`,
    hint: 'Add the author to authors.yml and name them by key (authors: [key]), or set blog.onInlineAuthors to "ignore".',
  }),
  untruncatedBlogPost: (): Entry => ({
    code: 'blog-untruncated',
    message: 'The post has no truncate marker: the blog list shows its whole text.',
    hint: 'Put <!-- truncate --> (or {/* truncate */} in MDX) where its summary ends, or set blog.onUntruncatedBlogPosts to "ignore".',
  }),
  unknownAuthor: (key: string, available: string[]): Entry => ({
    code: 'unknown-author',
    message: `The post names the author "${key}", who is not in authors.yml.`,
    hint: `Available authors: ${list(available)}. Add the author to authors.yml or fix the key.`,
  }),
  brokenLink: (url: string, suggestions: string[]): Entry => ({
    code: 'broken-link',
    message: `Broken link to "${url}": no page or file has that address.`,
    hint: suggestions.length ? `Nearest existing routes: ${suggestions.join(', ')}.` : 'Check the path; relative links to other pages should point at their .md files.',
  }),
  brokenMdLink: (url: string, suggestions: string[]): Entry => ({
    code: 'broken-link',
    message: `Broken link to "${url}": that file does not exist (or is a draft).`,
    hint: suggestions.length ? `Nearest existing files: ${suggestions.join(', ')}.` : 'Check the relative path from this file.',
  }),
  mdLinkNotPage: (url: string, partial: boolean): Entry => ({
    code: 'broken-link',
    message: partial
      ? `Broken link to "${url}": that file is a partial (its name starts with "_"), which pages import and show; it is no page of its own.`
      : `Broken link to "${url}": that file is there, but is no page: a draft, or a file the docs do not read as one (only .md and .mdx, outside folders and files starting with "_" or ".").`,
    hint: partial ? 'Link to a page that shows it, or rename it without the "_" to make it a page.' : 'Link to the page it belongs to, or make it one (publish the draft, rename the file).',
  }),
  mdLinkOtherDocsPlugin: (url: string, plugin: string, route: string): Entry => ({
    code: 'broken-link',
    message: `Broken link to "${url}": that file is a doc of another docs plugin (${plugin}), and a link to a .md file finds only docs of the plugin the linking file belongs to (as in Docusaurus).`,
    hint: `Link to its URL instead: "${route}".`,
  }),
  brokenAnchor: (url: string, route: string, ids: string[]): Entry => ({
    code: 'broken-anchor',
    message: `Broken anchor in "${url}": ${route} has no element with that id.`,
    hint: ids.length ? `Nearest ids on that page: ${ids.map((s) => `#${s}`).join(', ')}.` : 'That page has no headings with ids.',
  }),
  missingFile: (url: string, suggestions: string[]): Entry => ({
    code: 'missing-file',
    message: `Missing file "${url}": nothing in the static folder has that path.`,
    hint: suggestions.length ? `Nearest files: ${suggestions.join(', ')}.` : 'Put the file in the static folder (static/img/… is served as /img/…).',
  }),
  /** A file a page names by a relative path (or `@site/`): `file` is where it was looked for, from the site folder. */
  linkToBrokenSymlink: (url: string, file: string): Entry => ({
    code: 'missing-file',
    message: `"${url}" is ${file}, a symbolic link that leads nowhere or back to itself, so there is no file to publish.`,
    hint: 'Fix or remove the link, or point the path at the file itself.',
  }),
  missingFileBeside: (url: string, file: string): Entry => ({
    code: 'missing-file',
    message: `Missing file "${url}": there is no ${file}.`,
    hint: "Add the file there, or correct the path: a relative path is read from the page's own folder.",
  }),
  redirectExtensionInvalid: (extension: string, problem: string): Entry => ({
    code: 'redirect-invalid',
    message: `The redirect extension "${clip(extension)}" ${problem}: no redirect is made with it.`,
    hint: 'Write an extension as it follows the dot, such as "html" or "htm". For other addresses, list them in the redirect rules or return them from createRedirects.',
  }),
  redirectFromInvalid: (from: string, problem: string): Entry => ({
    code: 'redirect-invalid',
    message: `The redirect from "${clip(from)}" is not made: ${problem}.`,
    hint: 'Write the old address as a path under the base URL, starting with "/" and without ?query or #hash: "/docs/old-page".',
  }),
  redirectToInvalid: (from: string, to: string): Entry => ({
    code: 'redirect-invalid',
    message: `The redirect from "${clip(from)}" to "${clip(to)}" is not made: it leads neither to a path of this site nor to an http(s) URL.`,
    hint: 'Start "to" with "/" for a page of this site (under the base URL), or write the whole URL: "https://example.com/page".',
  }),
  /** `page`: the page's URL. */
  redirectFromIsPage: (from: string, to: string): Entry => ({
    code: 'redirect-from-page',
    message: `The redirect from "${clip(from)}" to "${clip(to)}" is left out: "${clip(from)}" is a page of this site, which keeps its address.`,
    hint: 'Remove the redirect, or move the page (its slug) if the address should lead elsewhere.',
  }),
  redirectFromTwice: (from: string, first: string, other: string): Entry => ({
    code: 'redirect-duplicate',
    message: `"${clip(from)}" is redirected twice: to "${clip(first)}" and to "${clip(other)}". It leads to "${clip(first)}", the first.`,
    hint: 'Keep one redirect from that address.',
  }),
  /** `what`: the file that has the address ("the static file static/old.html", "the sitemap"). */
  redirectFromIsFile: (from: string, what: string): Entry => ({
    code: 'redirect-from-file',
    message: `The redirect from "${clip(from)}" would replace ${what}, which has that address.`,
    hint: 'Remove the redirect, or the file if the address should lead elsewhere.',
  }),
  createRedirectsFailed: (path: string, problem: string): Entry => ({
    code: 'redirect-invalid',
    message: `createRedirects("${clip(path)}") ${problem}: the redirects it would make for the site are left out.`,
    hint: 'It is called with each page\'s path and must return an address (a string), a list of them, or nothing.',
  }),
  brokenRedirect: (from: string, to: string, suggestions: string[]): Entry => ({
    code: 'broken-redirect',
    message: `The redirect from "${clip(from)}" leads to "${clip(to)}", which is no page or file of this site.`,
    hint: suggestions.length ? `Nearest existing routes: ${suggestions.join(', ')}.` : 'Check the path: it is under the base URL, as a page\'s address is.',
  }),
  invalidZoomSelector: (selector: string): Entry => ({
    code: 'invalid-zoom-selector',
    message: `The zoom selector "${selector}" is not a valid CSS selector.`,
    hint: 'Fix config key "zoom.selector" (for example ".markdown img").',
  }),
  /** `code`: what JavaScript's parser said of the code in `import`/`export` lines or in `{…}`, when that is what failed. */
  mdxSyntax: (reason: string, code?: { in: 'esm' | 'expression'; problem: string }): Entry => ({
    code: 'mdx-syntax',
    message: code
      ? `The MDX could not be parsed: the code ${code.in === 'esm' ? 'of this import or export' : 'in these braces'} is not valid JavaScript: ${code.problem.replace(/\.?$/, '.')}`
      : `The MDX could not be parsed: ${reason.replace(/\.?$/, '.')}`,
    hint:
      code?.in === 'esm'
        ? "Correct the statement there: import and export lines are JavaScript, and a page's are one module, where each name is declared once."
        : code?.in === 'expression'
          ? 'Correct the code between the braces: it is one JavaScript expression. To show a brace as text, write \\{ (or set `format: md` in the front matter for plain Markdown).'
          : 'In MDX, "{" starts an expression and "<" a tag: write \\{ and &lt; (or {"<"}) for the characters, close every tag (<br />), or set `format: md` in the front matter (or markdown.format: "detect" in the config) for plain Markdown.',
  }),
  /** An expression tried at so many `}` that parsing it again would take longer than the build should (vendor/micromark-factory-mdx-expression). */
  mdxExpressionTooLong: (reason: string): Entry => ({
    code: 'mdx-syntax',
    message: `The MDX could not be parsed: ${reason.replace(/\.?$/, '.')}`,
    hint: 'Close each brace, bracket and tag the expression opens; write \\{ to show a brace as text. Large data reads best from an `export const` line or an imported JSON file rather than inside the braces.',
  }),
  /** `hint`: the missing-file check's own (the nearest files, or where to put it). */
  configImageMissing: (url: string, key: string, hint: string | undefined): Entry => ({
    code: 'config-image-missing',
    message: `The image "${url}" that ${key} names is not in the static folder: every page would show it broken.`,
    hint: hint ?? 'Put the file in the static folder (static/img/… is served as /img/…).',
  }),
  autogeneratedEmpty: (dirName: string, sidebarId: string, docsFolder: string | false): Entry => ({
    code: 'autogenerated-empty',
    message: `Sidebar "${sidebarId}" is generated from the folder "${dirName}", which holds no docs${docsFolder ? ` in ${docsFolder}/` : ''}: that part of the sidebar is empty.`,
    hint: 'dirName is read from the docs folder: correct it, or add docs there.',
  }),
  /** `hint`: the missing-file check's own. */
  frontMatterImageMissing: (url: string, hint: string | undefined): Entry => ({
    code: 'front-matter-image-missing',
    message: `The image "${url}" that the front matter gives the page (its social card) is not in the static folder: where the page is shared, the card would be missing.`,
    hint: hint ?? 'Put the file in the static folder (static/img/… is served as /img/…).',
  }),
  contentFolderMissing: (area: 'docs' | 'blog' | 'pages', folder: string): Entry => ({
    code: 'content-folder-missing',
    message: `The ${area} folder "${folder}" that the config names does not exist, so the site has no ${area === 'pages' ? 'pages from it' : area}.`,
    hint: area === 'docs' ? 'Correct the path (it is read from the site folder), create the folder, or turn the docs off (docs: false in a Docusaurus config).' : 'Correct the path (it is read from the site folder), or create the folder.',
  }),
  mdxDeclaredTwice: (name: string, first: { line: number; column: number }): Entry => ({
    code: 'mdx-declared-twice',
    message: `"${name}" is declared a second time here; it was first at line ${first.line}, column ${first.column}. A page's imports and exports are one module, which cannot be built with the name twice.`,
    hint: 'Remove one of them, or give one another name.',
  }),
  mdxCodeTooDeep: (max: number): Entry => ({
    code: 'mdx-code-too-deep',
    message: `The code here nests more than ${max} levels deep (calls, members, brackets or operators inside each other); a page cannot be built from code that deep, and no one can read it.`,
    hint: 'Write it flatter: split it into several `export const` values, or move it into a component under src/components and import that.',
  }),
  mdxUnknownComponent: (name: string, known: string[]): Entry => ({
    code: 'mdx-unknown-component',
    message: `<${name}> is not a component this page can render: its content is shown without it.`,
    hint: `Import it (import ${name} from '@site/src/components/${name}') or use one the theme provides: ${list(known)}.`,
  }),
  mdxUnknownThemeComponent: (source: string, known: string[]): Entry => ({
    code: 'mdx-unknown-theme-component',
    message: `"${source}" is not a component of the theme: elements using it show their content only.`,
    hint: `The theme provides ${list(known.map((k) => `@theme/${k}`))}; a site can add its own in the config's markdown.components.`,
  }),
  mdxUnresolvedImport: (source: string, why: string): Entry => ({
    code: 'mdx-unresolved-import',
    message: `Cannot import "${source}": ${why}`,
    hint: 'Import theme components from @theme/*, partials (.md/.mdx), site components, and images, media or documents for their URL, by a relative or @site/ path.',
  }),
  mdxPartialMissing: (file: string, why: 'missing' | 'outside'): Entry => ({
    code: 'mdx-partial-missing',
    message: why === 'missing' ? `The partial "${file}" does not exist: the element importing it shows nothing.` : `The partial "${file}" lies outside the site folder and is not read.`,
    hint: 'Check the import path: it is relative to the importing file, or to the site folder with @site/.',
  }),
  mdxRawFileMissing: (file: string, why: 'missing' | 'outside'): Entry => ({
    code: 'mdx-raw-file-missing',
    message: why === 'missing' ? `The file "${file}" imported through raw-loader does not exist: its name stands for nothing.` : `The file "${file}" imported through raw-loader lies outside the site folder and is not read.`,
    hint: 'Check the path after "raw-loader!": it is relative to the importing file, or to the site folder with @site/.',
  }),
  siteComponentMissing: (file: string, extensions: string[]): Entry => ({
    code: 'mdx-site-component-missing',
    message: `Cannot find the site component "${file}": no such file in the site folder (tried ${extensions.join(', ')} and ${file}/index.*). Its elements show their content only.`,
    hint: 'Check the import path: it is relative to the importing file, or to the site folder with @site/ (import Counter from \'@site/src/components/Counter\').',
  }),
  mdxStyleMissing: (file: string): Entry => ({
    code: 'mdx-style-missing',
    message: `The stylesheet "${file}" that this page imports does not exist in the site folder: the page is shown without it.`,
    hint: 'Check the import path: it is relative to the importing file, or to the site folder with @site/.',
  }),
  mdxPackageMissing: (request: string, stylesheet = false): Entry => ({
    code: 'mdx-package-missing',
    message: stylesheet
      ? `The stylesheet "${request}" that this page imports is from a package not installed in the site folder: the page is shown without it.`
      : `The package "${request}" that this page imports is not installed in the site folder: its elements show their content only.`,
    hint: 'Run npm install in the site folder (the package must be in its package.json), then build again.',
  }),
  siteCodeFailed: (reason: string): Entry => ({
    code: 'site-code-failed',
    message: `The site's own code could not be bundled: ${reason.replace(/\.?$/, '.')}`,
    hint: 'Fix the component (or page) at this place. Site code may import react, files inside the site folder, packages installed in the site\'s node_modules, .css / .module.css files (and Sass: .scss, .sass), images and other files (their URL) and SVGs (a component).',
  }),
  siteStylesheetLanguage: (extension: string, file: string): Entry => ({
    code: 'site-stylesheet-language',
    message: `The stylesheet ${file} is ${extension === 'less' ? 'Less' : 'Stylus'}: a Docusaurus plugin (docusaurus-plugin-${extension === 'styl' ? 'stylus' : extension}) compiles it there, and plugins do not run here, so it cannot be read.`,
    hint: 'Write it as CSS or Sass (.css or .scss, or .module.css / .module.scss for a CSS module): custom properties and CSS nesting cover most of what Less variables and nesting do.',
  }),
  sassFailed: (reason: string): Entry => ({
    code: 'sass-failed',
    message: `The Sass stylesheet does not compile: ${reason.replace(/\.?$/, '.')}`,
    hint: 'Fix the stylesheet at this place (Sass names the rule it stopped at).',
  }),
  sassLoadOutside: (file: string): Entry => ({
    code: 'sass-load-outside',
    message: `It loads ${file}, outside the site folder, which the generator never reads.`,
    hint: 'Keep the stylesheets a site uses inside its folder (a package in its node_modules, or a file under src/).',
  }),
  sassWarning: (message: string): Entry => ({
    code: 'sass-warning',
    message: `Sass warns: ${message.replace(/\.?$/, '.')}`,
    hint: 'The stylesheet\'s own @warn, or Sass\'s word on it: see the place named.',
  }),
  siteCssSkipped: (reason: string): Entry => ({
    code: 'site-css-skipped',
    message: `The stylesheet cannot be read here: ${reason.replace(/\.?$/, '.')}`,
    hint: 'Browsers skip what they cannot read, often with the rules after it: fix it at this place.',
  }),
  siteCodeThrew: (reason: string): Entry => ({
    code: 'site-code-threw',
    message: `The site's own code threw as it loaded for the build's render: ${reason.replace(/\.?$/, '.')}`,
    hint: /\b(window|document|localStorage|sessionStorage|navigator|location) is not defined\b/.test(reason)
      ? 'The build renders every page ahead of time, where there is no browser: use browser objects inside useEffect or an event handler, or wrap the component in <BrowserOnly>, as in Docusaurus.'
      : 'Fix the code at this place: a module runs once as the build loads it, before any page renders.',
  }),
  siteCodeOutside: (request: string, resolved: string): Entry => ({
    code: 'site-code-outside',
    message: `"${request}" resolves to ${resolved}, outside the site folder, which the generator never reads.`,
    hint: 'Keep the site\'s components and what they import inside the site folder (install packages in the site\'s own node_modules).',
  }),
  clientModuleMissing: (file: string, why: 'missing' | 'outside' | 'package'): Entry => ({
    code: 'client-module-missing',
    message: why === 'missing' ? `The client module "${file}" that clientModules names does not exist.` : why === 'package' ? `The client module "${file}" that clientModules names is from a package not installed in the site folder.` : `The client module "${file}" that clientModules names is outside the site folder, which the generator never reads.`,
    hint: why === 'package' ? 'Run npm install in the site folder (the package must be in its package.json), then build again.' : 'Name a script or stylesheet inside the site folder, by its path from there (src/clientModules/analytics.js), or remove it from clientModules.',
  }),
  customCssMissing: (file: string, why: 'missing' | 'outside' | 'package'): Entry => ({
    code: 'custom-css-missing',
    message: why === 'missing' ? `The stylesheet "${file}" that customCss names does not exist.` : why === 'package' ? `The stylesheet "${file}" that customCss names is from a package not installed in the site folder.` : `The stylesheet "${file}" that customCss names is outside the site folder, which the generator never reads.`,
    hint: why === 'package' ? 'Run npm install in the site folder (the package must be in its package.json), then build again.' : 'Name a CSS file inside the site folder, by its path from there (src/css/custom.css), or remove it from customCss.',
  }),
  siteSvgInvalid: (file: string): Entry => ({
    code: 'site-svg-invalid',
    message: `${file} holds no <svg> element, so it cannot be imported as a component.`,
    hint: 'Import an SVG image (its root element <svg>), or import this file another way.',
  }),
  siteComponentNoExport: (file: string, exportName: string): Entry => ({
    code: 'mdx-site-component-export',
    message: `The site component "${file}" has no ${exportName === 'default' ? 'default export' : `export named "${exportName}"`} that is a component: its elements show their content only.`,
    hint: 'Export the component (export default function Counter() {…}) or import it by the name it is exported as.',
  }),
  siteModuleUnknown: (request: string, provided: readonly string[]): Entry => ({
    code: 'site-module-unknown',
    message: `"${request}" is not a module the generator provides to a site's code (it provides ${list([...provided].filter((p) => !p.startsWith('@theme-original/')), 40)}).`,
    hint: 'Use one of those, or write the part yourself in the site\'s src/ folder.',
  }),
  siteComponentUnbuilt: (file: string, problemAt: string): Entry => ({
    code: 'mdx-site-component-failed',
    message: `The component "${file}" that this page imports could not be bundled (see ${problemAt}): its elements show their content only.`,
    hint: 'Fix the problem at its place (see the message at the component\'s file), or build with --strict to make this an error.',
  }),
  siteModuleNoExport: (request: string, name: string, provided: readonly string[]): Entry => ({
    code: 'site-module-export',
    message: `"${request}" has no export named "${name}" here: the generator provides ${provided.length ? list([...provided]) : 'no exports'} of it.`,
    hint: 'Use one of those, or write the part yourself in the site\'s src/ folder.',
  }),
  taskNeverEnded: (what: string, seconds: number, stopped: 'the command' | 'this rebuild', waiting = false): Entry => ({
    code: 'never-ended',
    message: `${what} ran for ${seconds} s without finishing, so ${stopped} was stopped.`,
    hint: waiting
      ? 'It was not running but waiting, for what it awaits: a network request (this machine may have no network), a timer, a file or a process that did not answer. Look there for what it waits for, and give it a timeout or a fallback.'
      : 'Look there for code that never ends: a loop whose condition stays true, a component that renders itself, a recursion with no end.',
  }),
  siteCodeNodeModule: (request: string): Entry => ({
    code: 'site-code-node-module',
    message: `"${request}" is a module of Node.js, which browsers do not have: this code runs in the reader's browser too, where the page comes alive.`,
    hint: 'Read files or the environment in the site config (its customFields reach every component), or import a JSON file, instead of using Node.js modules in a component.',
  }),
  sitePackageMissing: (request: string): Entry => ({
    code: 'site-package-missing',
    message: `The package "${request}" is not installed in the site folder.`,
    hint: 'Run npm install in the site folder (the package must be in its package.json), then build again.',
  }),
  reactPageNoExport: (file: string): Entry => ({
    code: 'react-page-export',
    message: `The page ${file} does not export a React component as its default export, so there is nothing to show at its route.`,
    hint: 'Write: export default function Home() { return <Layout title="…">…</Layout>; } (or prefix the file name with _ to keep it out of the routes).',
  }),
  reactPageMisnested: (route: string, element: string, parent: string): Entry => ({
    code: 'react-page-misnested',
    message: `The React page at ${route} puts a <${element}> inside a <${parent}>, which a browser does not keep as written, so React could not hydrate it: the browser renders this page afresh instead.`,
    hint: `Nest valid HTML (a <${parent}> cannot hold a <${element}>: use a <div> or <span> for one of them) and the page hydrates from its server HTML.`,
  }),
  themeComponentUnused: (name: string, used: readonly string[]): Entry => ({
    code: 'theme-component-unused',
    message: `The swizzled component ${name} is not used: this generator's theme takes only content components from src/theme (${used.join(', ')}), so the theme's own ${name} is shown.`,
    hint: `Keep the file for Docusaurus; for this build, move what it adds into content components or src/css/custom.css, or ignore this warning.`,
  }),
  themeOverrideInvalid: (name: string): Entry => ({
    code: 'theme-override-invalid',
    message: name === 'MDXComponents' ? 'src/theme/MDXComponents does not export a map of components by name as its default export: the theme\'s components are used.' : `src/theme/${name} does not export a component as its default export: the theme's ${name} is used.`,
    hint: name === 'MDXComponents' ? "Write: import MDXComponents from '@theme-original/MDXComponents'; export default { ...MDXComponents, Highlight };" : `Write: export default function ${name}(props) {…} (the original is '@theme-original/${name}').`,
  }),
  mdxUnsupportedCode: (what: string): Entry => ({
    code: 'mdx-unsupported-code',
    message: `${what} is not evaluated: content is not run as code, so it renders as nothing.`,
    hint: 'Use literals, names the page has (frontMatter, toc, contentTitle, your export const values), member access, operators and conditions; move logic into a component.',
  }),
  markdownFailed: (reason: string): Entry => ({
    code: 'markdown-failed',
    message: `The Markdown could not be processed: ${reason}`,
  }),
  outputIsSource: (outDir: string, relation: 'is' | 'holds' | 'lies inside', what: string, where: string): Entry => ({
    code: 'output-folder-unsafe',
    message: `The output folder ${outDir} ${relation} ${what} (${where}). A build replaces its whole output folder, so it would delete those files.`,
    hint: 'Choose a folder of its own for the output: the default "build" inside the site folder, or --out-dir with a new folder outside the sources.',
  }),
  outputIsFile: (outDir: string): Entry => ({
    code: 'output-folder-unsafe',
    message: `The output folder ${outDir} is an existing file, not a folder. The build will not replace it.`,
    hint: 'Choose a folder path for --out-dir (or paths.outDir in the config).',
  }),
  outputIsLink: (outDir: string, target: string): Entry => ({
    code: 'output-folder-unsafe',
    message: `The output folder ${outDir} is a symbolic link (to ${target}). The build replaces its output folder and would replace the link with a folder.`,
    hint: `Give the real folder instead: --out-dir ${target}`,
  }),
  outputNotOurs: (outDir: string, marker: string): Entry => ({
    code: 'output-folder-not-ours',
    message: `The output folder ${outDir} already holds files this generator did not write (it has no ${marker} marker). A build replaces its output folder, so they would be lost.`,
    hint: 'Choose an empty or new folder, or move those files away yourself. A build folder made by an older version of the generator has no marker either: delete it once by hand.',
  }),
  outputSideTaken: (side: string, outDir: string, marker: string): Entry => ({
    code: 'output-folder-not-ours',
    message: `${side} is in the way: a build of ${outDir} writes the next build (or its lock) there and removes it afterwards, and this was not made by the generator (it has no ${marker} marker).`,
    hint: `Move ${side} away, or choose another --out-dir.`,
  }),
  outputFileUnsafe: (file: string, reason: string): Entry => ({
    code: 'output-file-unsafe',
    message: `Refused to write ${file}: it ${reason}, which the generator never overwrites.`,
    hint: 'Choose a file outside the site\'s sources, for example records.json in the site folder.',
  }),
  outputLocked: (outDir: string, pid: number, lockFile: string): Entry => ({
    code: 'output-folder-locked',
    message: `Another build (process ${pid}) is writing ${outDir}. Two builds into one folder would overwrite each other.`,
    hint: `Wait for it to finish. If no build is running, delete ${lockFile}.`,
  }),
  outputNotWritable: (dir: string, reason: string): Entry => ({
    code: 'output-folder-not-writable',
    message: `The output cannot be written: ${reason} (${dir}). The previous build, if any, was left as it was.`,
    hint: 'Make the folder writable, free some space, or choose another --out-dir.',
  }),
  writeOutsideOutput: (file: string): Entry => ({
    code: 'write-outside-output',
    message: `Refused to write "${file}": it would land outside the output folder.`,
    hint: 'A slug, route base path or file name contains ".." segments that climb out of the site; remove them.',
  }),
  fileOutsideSite: (url: string, resolved: string): Entry => ({
    code: 'file-outside-site',
    message: `"${url}" points to ${resolved}, outside the site folder. The build only publishes files of the site itself.`,
    hint: 'Copy the file into the site (next to the page, or into the static folder) and link to the copy.',
  }),
  linkOutsideSite: (file: string, target: string): Entry => ({
    code: 'symlink-outside-site',
    message: `${file} is a symbolic link to ${target}, outside the site folder; it was not followed, so nothing from it is published.`,
    hint: 'Copy what it points to into the site, or make the link point inside the site folder.',
  }),
  symlinkToAncestor: (file: string): Entry => ({
    code: 'symlink-loop',
    message: `${file} is a symbolic link to a folder it is itself in, so following it would never end; it was not followed.`,
    hint: 'Remove the link, or point it at the folder you meant.',
  }),
  brokenSymlink: (file: string, loop: boolean): Entry => ({
    code: 'broken-symlink',
    message: loop
      ? `${file} is a symbolic link that leads back to itself (a loop), so it cannot be read.`
      : `${file} is a symbolic link to something that does not exist, so it cannot be read.`,
    hint: 'Fix or remove the link.',
  }),
  devRebuildFailed: (reason: string): Entry => ({
    code: 'dev-failed',
    message: `The site could not be rebuilt after this change: ${reason}`,
    hint: 'The last good pages are still served. Fix the file named above (run with --debug for the stack trace).',
  }),
  renderThreadFailed: (reason: string): Entry => ({
    code: 'render-thread-failed',
    message: `The thread rendering pages beside the main one stopped (${reason}), so the build could not finish.`,
    hint: 'The previous build was left as it was. Run the build again; if it stops again, run it with --debug and report the stack trace.',
  }),
  renderFailed: (route: string, reason: string): Entry => ({
    code: 'render-failed',
    message: `Rendering ${route} failed: ${reason}`,
    hint: 'Run with --debug for the stack trace.',
  }),
  unknownVersion: (key: string, name: string, versions: string[]): Entry => ({
    code: 'unknown-version',
    message: `${key} names the docs version "${name}", which does not exist.`,
    hint: `Versions: ${list(versions)} (from versions.json, and "current" for the docs folder).`,
  }),
  lastVersionExcluded: (name: string, included: string[]): Entry => ({
    code: 'last-version-excluded',
    message: `docs.onlyIncludeVersions leaves out the last version "${name}", the one served at the docs base path.`,
    hint: `Add "${name}" to docs.onlyIncludeVersions, or set docs.lastVersion to one of ${list(included)}.`,
  }),
  noVersions: (): Entry => ({
    code: 'no-versions',
    message: 'There is no docs version to build: versions.json lists none and docs.includeCurrentVersion is false.',
    hint: 'Add a version to versions.json, or set docs.includeCurrentVersion to true.',
  }),
  versionsFileInvalid: (reason: string): Entry => ({
    code: 'versions-file-invalid',
    message: `versions.json ${reason}, so the docs versions cannot be read.`,
    hint: 'It holds a JSON array of version names, newest first: ["2.0", "1.0"]. A name is not empty, has at most 32 characters and no / \\ < > : " | ? *.',
  }),
  versionFolderMissing: (name: string, folder: string): Entry => ({
    code: 'version-folder-missing',
    message: `versions.json lists the version "${name}", but its docs folder ${folder} does not exist.`,
    hint: `Create ${folder} (Docusaurus's "docs:version ${name}" copies the docs there), or remove "${name}" from versions.json.`,
  }),
  nothingToServe: (dir: string, problem: 'missing' | 'not-a-folder' | 'empty'): Entry => ({
    code: 'nothing-to-serve',
    message:
      problem === 'not-a-folder'
        ? `Nothing to serve: ${dir} is a file, not a build folder.`
        : `Nothing to serve: the build folder ${dir} ${problem === 'missing' ? 'does not exist' : 'is empty'}.`,
    hint: problem === 'not-a-folder' ? 'Pass the folder the build wrote with --dir, not a file in it.' : 'Build the site first ("npm run build" or "site build [siteDir]"), or pass the build folder with --dir.',
  }),
} satisfies Record<string, (...args: never[]) => Entry>;
