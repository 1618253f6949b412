import type { ResolvedConfig } from './types.ts';

/**
 * What the command line may set over the config. The keys are the config's own, so a
 * Docusaurus site, whose config file cannot hold them, sets them here.
 */
export interface ConfigOptions {
  /** markdown.strict */
  strict?: boolean;
  /** markdown.maxFileSize, in bytes */
  maxFileSize?: number;
}

export function withConfigOptions(config: ResolvedConfig, options: ConfigOptions): ResolvedConfig {
  if (!options.strict && options.maxFileSize === undefined) return config;
  return {
    ...config,
    markdown: { ...config.markdown, ...(options.strict ? { strict: true } : {}), ...(options.maxFileSize !== undefined ? { maxFileSize: options.maxFileSize } : {}) },
  };
}

const UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, m: 1024 * 1024, mb: 1024 * 1024, g: 1024 ** 3, gb: 1024 ** 3 };

/** `4mb`, `512kb`, `1.5 MB`, `2000000` → bytes; undefined when it is not a size. */
export function parseSize(value: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const unit = match ? UNITS[match[2]!.toLowerCase()] : undefined;
  if (!match || unit === undefined) return undefined;
  const bytes = Math.round(Number(match[1]) * unit);
  return bytes > 0 ? bytes : undefined;
}
