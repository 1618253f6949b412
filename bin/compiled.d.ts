// Types of compiled.js, for the tests that import it (the launcher's files are plain JavaScript).
export declare const IMPORT_NAME: string;
export declare function compiledCopy(root: string): { stamp: string; dir: string };
export declare function withImportCalls(source: string, parse: typeof import('acorn').parse): string;
export declare function runCompiled(file: string | URL, options?: { cacheName?: string }): { exports: Record<string, unknown>; fromCache: boolean; keep: () => void };
