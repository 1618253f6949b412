import path from 'node:path';
import type { Root, Nodes } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import type { MdxFlowExpression, MdxTextExpression } from 'mdast-util-mdx-expression';
import type { Node as EstreeNode, Program } from 'estree';
import type { VFile } from 'vfile';
import { find, html } from 'property-information';
import { catalog } from '../../errors/catalog.ts';
import { ASSET_EXT } from '../assetFiles.ts';
import { evaluate, unsupportedPart, type Binding } from '../../../runtime/contentScope.ts';

export type { Binding };
import { DOCUSAURUS_MODULES, THEME_COMPONENT_NAMES, THEME_HELPER_NAMES } from '../../../themes/classic/content/names.ts';
import type { Diagnostic } from '../../report/diagnostic.ts';

/**
 * What MDX content names, read at load time so the render stage never meets code:
 * - `import` lines become bindings (a theme component, a partial to inline, a site
 *   component, a file's URL) and are removed; anything else imported is reported;
 *   `require('./x.png')` in an expression is a file's module, as an import;
 * - `export const x = <literal>` becomes a value in the page's scope;
 * - `{expressions}` are checked against what the render stage evaluates (literals, names
 *   the page has, member access, pure methods) and reported otherwise, at their place;
 *   `{/* comments *\/}` are removed (`{/* truncate *\/}` marks a blog summary's end);
 * - `<Components>` nobody provides are reported; lower-case JSX with literal attributes
 *   becomes plain HTML elements, so its links and ids are checked like Markdown's.
 */

type Place = { line: number; column: number };

export interface MdxData {
  bindings: Record<string, Binding>;
  /** The page's own module, when it exports components (see PageModule): its imports and exports. */
  module?: string;
  /** Stylesheets imported for their effect (`import 'pkg/dist/x.css'`): a file relative to the site folder, or a package's (`package`). */
  styles?: ({ file: string; package?: true } & Place)[];
  /** `export const` values. */
  scope: Record<string, unknown>;
}

/** Names every page has (see runtime/entry-server.tsx renderContent). */
const PAGE_NAMES = ['frontMatter', 'toc', 'contentTitle'];
const MARKDOWN_EXT = /\.mdx?$/;
const SCRIPT_EXT = /\.(jsx?|tsx?|mjs)$/;
const THEME_PREFIX = /^@theme(?:-original|-init)?\/(.+)$/;

export function remarkMdxContent() {
  return (tree: Root, file: VFile) => {
    const data: MdxData = { bindings: {}, scope: {} };
    const problems: Diagnostic[] = (file.data.problems ??= []);
    const report = (place: { line: number; column: number } | undefined, severity: 'warning' | 'error', entry: { code: string; message: string; hint?: string }) =>
      problems.push({ severity, file: file.path, line: place?.line ?? 1, column: place?.column ?? 1, ...entry });

    // Imports and exports first: they name what the rest of the page may use.
    // The names exported so far, kept beside the scope (a set made from it per export made
    // 10,000 exports cost 10,000² steps: 256 KB of them took 20 s).
    const scopeNames = new Set<string>();
    const module: PageModule = { parts: [], components: 0 };
    // Each block is parsed alone, so only here is a name declared in two blocks seen; the page's module could not be built with it.
    const declared = new Map<string, Place>();
    tree.children = tree.children.filter((node) => {
      if (node.type !== 'mdxjsEsm') return true;
      const esm = node as MdxjsEsm;
      const program = esm.data?.estree as Program | undefined;
      // The estree's offsets are the body's, as the block's own are.
      const blockStart = esm.position?.start.offset ?? 0;
      const textOf = (statement: EstreeNode) => {
        const { start, end } = statement as unknown as { start: number; end: number };
        return esm.value.slice(start - blockStart, end - blockStart);
      };
      for (const statement of program?.body ?? []) {
        const twice = declaredNames(statement).filter(({ name, place }) => declared.has(name) || (declared.set(name, place), false));
        if (twice.length > 0) {
          for (const { name, place } of twice) report(place, 'error', catalog.mdxDeclaredTwice(name, declared.get(name)!));
          continue;
        }
        readStatement(statement, file.path, data, scopeNames, report, module, textOf);
      }
      return false;
    });
    if (module.components > 0) data.module = moduleText(module.parts, Number(file.data.lineOffset ?? 0));
    const names = new Set([...PAGE_NAMES, ...THEME_COMPONENT_NAMES, ...Object.keys(data.bindings), ...Object.keys(data.scope)]);
    const helpers = new Set(Object.entries(data.bindings).flatMap(([local, b]) => (b.kind === 'theme' && (THEME_HELPER_NAMES as readonly string[]).includes(b.name) ? [local] : [])));
    const checkExpression = (program: Program | undefined, where: string) => {
      if (program) bindRequires(program, file.path, data, names, report);
      const statement = program?.body[0];
      if (!statement || statement.type !== 'ExpressionStatement') return;
      const bad = unsupportedPart(statement.expression, names, helpers);
      if (bad) report(estreePlace(bad), 'warning', catalog.mdxUnsupportedCode(`${where} "${describe(bad)}"`));
    };

    const visit = (parent: { children: Nodes[] }, topLevel: boolean) => {
      parent.children = parent.children.flatMap(unravel).flatMap((node): Nodes[] => {
        if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
          const expression = node as MdxFlowExpression | MdxTextExpression;
          const program = expression.data?.estree as Program | undefined;
          if (program && program.body.length === 0) {
            // A comment: nothing on the page, except the blog summary's end marker.
            const isTruncate = topLevel && /^\s*\/\*\s*truncate\s*\*\/\s*$/.test(expression.value);
            return isTruncate ? [{ type: 'html', value: '<!-- truncate -->' }] : [];
          }
          checkExpression(program, 'The expression');
          return [node];
        }
        if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
          const element = node as MdxJsxFlowElement | MdxJsxTextElement;
          for (const attribute of element.attributes) {
            if (attribute.type === 'mdxJsxExpressionAttribute') checkExpression(attribute.data?.estree as Program | undefined, 'The spread attribute');
            else if (attribute.value && typeof attribute.value === 'object') checkExpression(attribute.value.data?.estree as Program | undefined, `The value of ${attribute.name}`);
          }
          const name = element.name;
          if (name && /^[A-Z]|\./.test(name) && !names.has(name.split('.')[0]!)) {
            report(element.position?.start, 'warning', catalog.mdxUnknownComponent(name, [...THEME_COMPONENT_NAMES]));
          }
          if (name && /^[a-z]/.test(name) && !name.includes('.')) asHtmlElement(element);
        }
        if ('children' in node) visit(node as { children: Nodes[] }, false);
        return [node];
      });
    };
    visit(tree, true);
    file.data.mdx = data;
  };
}

/**
 * A paragraph holding only JSX and expressions (`<summary>More</summary>` on its own line,
 * `<TabItem value="b">B</TabItem>`) is not a paragraph: its elements stand as blocks, as
 * @mdx-js/mdx's remark-mark-and-unravel makes them, so components see them as children.
 */
function unravel(node: Nodes): Nodes[] {
  if (node.type !== 'paragraph') return [node];
  const children = node.children as Nodes[];
  const only = children.every((c) => c.type === 'mdxJsxTextElement' || c.type === 'mdxTextExpression' || (c.type === 'text' && !c.value.trim()));
  if (!only || !children.some((c) => c.type !== 'text')) return [node];
  return children.flatMap((c): Nodes[] => {
    if (c.type === 'text') return [];
    (c as { type: string }).type = c.type === 'mdxJsxTextElement' ? 'mdxJsxFlowElement' : 'mdxFlowExpression';
    return [c];
  });
}

type Report = (place: { line: number; column: number } | undefined, severity: 'warning' | 'error', entry: { code: string; message: string; hint?: string }) => void;

/**
 * The components a page defines in its own exports (`export const Highlight = ({children}) =>
 * <span>…</span>`, as Docusaurus's docs write them): a module of the page's imports and
 * exports, bundled as the site's own code and drawn as an island, since a function is code
 * that content expressions never run.
 */
interface PageModule {
  /** Each statement's text and its place in the body. */
  parts: { text: string; place?: { line: number; column: number } }[];
  components: number;
}

/**
 * The page's module: its statements, each at its line and column of the page's file
 * (`lineOffset`: the front matter's lines), so that an error its code throws as a page
 * renders is placed there through the site code's source map (siteCodePlace.ts).
 */
function moduleText(parts: PageModule['parts'], lineOffset: number): string {
  let text = '';
  let line = 1;
  for (const part of parts) {
    if (text !== '') {
      text += '\n';
      line++;
    }
    const at = part.place ? part.place.line + lineOffset : line;
    if (at > line) {
      text += '\n'.repeat(at - line);
      line = at;
    }
    if (part.place && at === line) text += ' '.repeat(part.place.column - 1);
    text += part.text;
    for (let i = part.text.indexOf('\n'); i !== -1; i = part.text.indexOf('\n', i + 1)) line++;
  }
  return text;
}

function readStatement(statement: Program['body'][number], from: string, data: MdxData, scopeNames: Set<string>, report: Report, module: PageModule, textOf: (statement: EstreeNode) => string): void {
  const place = estreePlace(statement);
  // A component defined here is the page's module's (see PageModule).
  const component = pageComponentOf(statement);
  if (component) {
    data.bindings[component] = { kind: 'component', file: from, exportName: component, inline: true, ...(place ?? { line: 1, column: 1 }) };
    module.parts.push({ text: textOf(statement), place });
    module.components++;
    return;
  }
  if (statement.type === 'ImportDeclaration') {
    const imported = String(statement.source.value);
    // What the page's own components may use of what it imports (a partial is Markdown, and a stylesheet the page's already).
    if (!MARKDOWN_EXT.test(imported) && !RAW_LOADER.test(imported) && !(statement.specifiers.length === 0 && /\.css$/.test(imported))) module.parts.push({ text: textOf(statement), place });
    // React is the generator's, given to site code (hooks for the page's own components): nothing content names.
    if (/^react(-dom)?(\/|$)/.test(imported)) return;
  } else if (statement.type === 'ExportNamedDeclaration') module.parts.push({ text: textOf(statement), place });
  if (statement.type === 'ImportDeclaration') {
    const source = String(statement.source.value);
    // A stylesheet imported for its effect joins the site's stylesheet, as webpack would add it to the page.
    if (statement.specifiers.length === 0 && /\.css$/.test(source)) {
      const style = styleOf(source, from);
      if (style) {
        (data.styles ??= []).push({ ...style, ...(place ?? { line: 1, column: 1 }) });
        return;
      }
    }
    const binding = bindingOf(source, from, place ?? { line: 1, column: 1 });
    if ('problem' in binding) {
      report(place, 'warning', binding.problem);
      return;
    }
    if (statement.specifiers.length === 0 && binding.kind === 'component') {
      report(place, 'warning', catalog.mdxUnresolvedImport(source, 'an import for its side effects (a stylesheet, a script) is not run in content.'));
      return;
    }
    for (const specifier of statement.specifiers) {
      const local = specifier.local.name;
      if (binding.kind === 'component') {
        const exportName = specifier.type === 'ImportDefaultSpecifier' ? 'default' : specifier.type === 'ImportSpecifier' ? (specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value)) : '*';
        data.bindings[local] = { ...binding, exportName };
      } else if ((binding.kind === 'file' || binding.kind === 'raw') && specifier.type !== 'ImportDefaultSpecifier') {
        // `import * as x`: the module, its URL the default export; a named export it has not.
        if (specifier.type === 'ImportNamespaceSpecifier') data.bindings[local] = { ...binding, namespace: true };
      } else data.bindings[local] = binding;
    }
    return;
  }
  if (statement.type === 'ExportNamedDeclaration' && statement.declaration?.type === 'VariableDeclaration' && statement.declaration.kind === 'const') {
    for (const declarator of statement.declaration.declarations) {
      if (declarator.id.type !== 'Identifier' || !declarator.init) continue;
      const bad = unsupportedPart(declarator.init, scopeNames);
      if (bad) report(estreePlace(bad), 'warning', catalog.mdxUnsupportedCode(`The value of ${declarator.id.name} ("${describe(bad)}")`));
      else {
        data.scope[declarator.id.name] = evaluate(declarator.init, data.scope);
        scopeNames.add(declarator.id.name);
      }
    }
    return;
  }
  report(place, 'warning', catalog.mdxUnsupportedCode(`The statement "${describe(statement)}"`));
}

/**
 * `require('./img/x.png')` in an expression (`src={require('./x.png').default}`, as
 * Docusaurus's docs write it) is a file's module, bound like `import * as`: the call
 * becomes a name the page has, so the expression stays one of plain values. The call is
 * only ever read, never run; a `require` of anything else is left to be reported.
 */
function bindRequires(program: Program, from: string, data: MdxData, names: Set<string>, report: Report): void {
  const stack: unknown[] = [program];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      // (One by one: a spread of a long list would pass each item as an argument.)
      for (const item of node) stack.push(item);
      continue;
    }
    const call = node as EstreeNode;
    if (call.type === 'CallExpression' && call.callee.type === 'Identifier' && call.callee.name === 'require' && call.arguments.length === 1 && call.arguments[0]!.type === 'Literal' && typeof call.arguments[0]!.value === 'string') {
      const source = call.arguments[0]!.value;
      const place = estreePlace(call) ?? { line: 1, column: 1 };
      const binding = bindingOf(source, from, place);
      if ('problem' in binding) report(place, 'warning', binding.problem);
      else if (binding.kind === 'file' || binding.kind === 'raw') {
        // A name no import can take (not an identifier): the same file required twice is one binding.
        const local = `require(${JSON.stringify(source)})`;
        data.bindings[local] ??= { ...binding, namespace: true };
        names.add(local);
        for (const key of Object.keys(call)) if (key !== 'loc' && key !== 'start' && key !== 'end' && key !== 'range') delete (call as unknown as Record<string, unknown>)[key];
        Object.assign(call, { type: 'Identifier', name: local });
        continue;
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'loc' && key !== 'range' && value && typeof value === 'object') stack.push(value);
  }
}

/** The names a statement declares in the page's module (its imports, and what it exports by name), each at its place. */
function declaredNames(statement: Program['body'][number]): { name: string; place: Place }[] {
  const at = (node: EstreeNode) => ({ name: (node as { name: string }).name, place: estreePlace(node) ?? { line: 1, column: 1 } });
  if (statement.type === 'ImportDeclaration') return statement.specifiers.map((specifier) => at(specifier.local));
  if (statement.type !== 'ExportNamedDeclaration' || !statement.declaration) return [];
  const declaration = statement.declaration;
  if (declaration.type !== 'VariableDeclaration') return declaration.id ? [at(declaration.id)] : [];
  // `export const { a, b: [c] } = …` declares a and c: the identifiers of its patterns.
  const names: { name: string; place: Place }[] = [];
  const stack: unknown[] = declaration.declarations.map((d) => d.id);
  while (stack.length > 0) {
    const node = stack.pop() as EstreeNode | null;
    if (!node) continue;
    if (node.type === 'Identifier') names.push(at(node));
    else if (node.type === 'ObjectPattern') for (const property of node.properties) stack.push(property.type === 'RestElement' ? property.argument : property.value);
    else if (node.type === 'ArrayPattern') stack.push(...node.elements);
    else if (node.type === 'RestElement') stack.push(node.argument);
    else if (node.type === 'AssignmentPattern') stack.push(node.left);
  }
  return names.reverse();
}

/** The name of a component the statement exports: `export const Name = (…) => …`, `export function Name() {…}` (a capitalised name, as JSX needs). */
function pageComponentOf(statement: Program['body'][number]): string | undefined {
  if (statement.type !== 'ExportNamedDeclaration' || !statement.declaration) return undefined;
  const declaration = statement.declaration;
  const named = (name: string) => (/^[A-Z]/.test(name) ? name : undefined);
  if (declaration.type === 'FunctionDeclaration') return declaration.id ? named(declaration.id.name) : undefined;
  if (declaration.type !== 'VariableDeclaration' || declaration.declarations.length !== 1) return undefined;
  const [declarator] = declaration.declarations;
  const isFunction = declarator!.init?.type === 'ArrowFunctionExpression' || declarator!.init?.type === 'FunctionExpression';
  return declarator!.id.type === 'Identifier' && isFunction ? named(declarator!.id.name) : undefined;
}

/** An import of a file's text through webpack's raw-loader (`!!raw-loader!./x.js`, `raw-loader!./x.js`): the path after it. */
const RAW_LOADER = /^!*raw-loader!(.+)$/;

function bindingOf(source: string, from: string, place: Place): Binding | { problem: { code: string; message: string; hint?: string } } {
  const theme = THEME_PREFIX.exec(source);
  if (theme) {
    const name = theme[1]!;
    return (THEME_COMPONENT_NAMES as readonly string[]).includes(name) ? { kind: 'theme', name } : { problem: catalog.mdxUnknownThemeComponent(source, [...THEME_COMPONENT_NAMES]) };
  }
  if (Object.hasOwn(DOCUSAURUS_MODULES, source)) return { kind: 'theme', name: DOCUSAURUS_MODULES[source]! };
  // A file's text, as webpack's raw-loader gives it (`!!raw-loader!./example.js`).
  const raw = RAW_LOADER.exec(source)?.[1];
  if (raw !== undefined) {
    if (raw.startsWith('@site/')) return { kind: 'raw', file: path.posix.normalize(raw.slice('@site/'.length)), ...place };
    if (raw.startsWith('./') || raw.startsWith('../')) return { kind: 'raw', file: path.posix.join(path.posix.dirname(from), raw), ...place };
    return { problem: catalog.mdxUnresolvedImport(source, 'raw-loader reads a file of the site, by a relative or @site/ path.') };
  }
  let file: string;
  if (source.startsWith('@site/')) file = path.posix.normalize(source.slice('@site/'.length));
  else if (source.startsWith('./') || source.startsWith('../')) file = path.posix.join(path.posix.dirname(from), source);
  // A package (`react-lite-youtube-embed`, `@scope/pkg/sub`): bundled from the site's node_modules like its own code. Docusaurus's
  // other modules (`@docusaurus/theme-common`) are the theme's to give, and it gives content only the ones above.
  else if (/^@(theme|docusaurus)\//.test(source) || !/^(@[\w.-]+\/)?[\w.-]+(\/|$)/.test(source)) return { problem: catalog.mdxUnresolvedImport(source, 'content can import the theme\'s components, Markdown partials, the site\'s own components and packages installed in the site folder.') };
  else return { kind: 'component', file: source, exportName: 'default', package: true, ...place };
  // Whether the file may be read (inside the site, or a content folder the config names outside it) is the reader's to say.
  if (MARKDOWN_EXT.test(file)) return { kind: 'partial', file, ...place };
  // An SVG is a component, as Docusaurus's SVGR makes it (the site code's bundler does: svgComponent.ts).
  if (SCRIPT_EXT.test(file) || /\.svg$/i.test(file) || !path.posix.extname(file)) return { kind: 'component', file, exportName: 'default', ...place };
  if (ASSET_EXT.test(file)) return { kind: 'file', file, source, ...place };
  return { problem: catalog.mdxUnresolvedImport(source, `files of type "${path.posix.extname(file)}" cannot be imported into content.`) };
}

/** A stylesheet import's file (relative to the site folder) or package path, as bindingOf reads component imports. */
function styleOf(source: string, from: string): { file: string; package?: true } | undefined {
  if (source.startsWith('@site/')) return { file: path.posix.normalize(source.slice('@site/'.length)) };
  if (source.startsWith('./') || source.startsWith('../')) return { file: path.posix.join(path.posix.dirname(from), source) };
  if (/^@(theme|docusaurus)\//.test(source) || !/^(@[\w.-]+\/)?[\w.-]+\//.test(source)) return undefined;
  return { file: source, package: true };
}

/**
 * Lower-case JSX (`<div className="note">`, `<a href="./x.md">`) whose attributes are all
 * literals is plain HTML: it becomes an element like Markdown's own, so the link check,
 * the ids and the theme's element components see it. Attributes with expressions
 * (`style={{…}}`) keep it an MDX element, evaluated at render.
 */
function asHtmlElement(element: MdxJsxFlowElement | MdxJsxTextElement): void {
  if (!element.attributes.every((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && (a.value === null || a.value === undefined || typeof a.value === 'string'))) return;
  const properties: Record<string, unknown> = {};
  for (const attribute of element.attributes as MdxJsxAttribute[]) {
    const info = find(html, attribute.name);
    const value = attribute.value ?? true;
    properties[info.property] = info.spaceSeparated && typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : value;
  }
  const converted = element as unknown as { type: string; data: Record<string, unknown> };
  converted.type = element.type === 'mdxJsxFlowElement' ? 'mdxHtmlFlow' : 'mdxHtmlText';
  converted.data = { hName: element.name, hProperties: properties };
}

function estreePlace(node: EstreeNode | { loc?: EstreeNode['loc'] }): { line: number; column: number } | undefined {
  // micromark-extension-mdx-expression places estree nodes in the file; acorn's columns count from 0.
  return node.loc ? { line: node.loc.start.line, column: node.loc.start.column + 1 } : undefined;
}

function describe(node: EstreeNode): string {
  const kinds: Record<string, string> = { CallExpression: 'a function call', ArrowFunctionExpression: 'a function', FunctionExpression: 'a function', Identifier: `the name ${(node as { name?: string }).name}`, JSXElement: 'a JSX element', JSXFragment: 'a JSX fragment', AssignmentExpression: 'an assignment', BinaryExpression: 'an operator', LogicalExpression: 'an operator', ConditionalExpression: 'a condition' };
  return kinds[node.type] ?? node.type;
}

declare module 'vfile' {
  interface DataMap {
    mdx: MdxData;
  }
}
