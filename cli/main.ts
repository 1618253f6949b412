import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from './paths.ts';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { parseSize } from './config/configOptions.ts';

const pkg = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('must be a whole number from 0 to 65535.');
  return n;
}

function size(value: string): number {
  const bytes = parseSize(value);
  if (bytes === undefined) throw new InvalidArgumentError('must be a size such as 4mb, 512kb or 2000000 (bytes).');
  return bytes;
}

/**
 * The command line: a thin adapter from arguments to `commands/*`, each loaded only when
 * run (so `--help` does not load React or the Markdown pipeline). Each action stores its
 * exit code; usage errors exit 2, failed builds and checks 1.
 */
export function createProgram(setExitCode: (code: number) => void): Command {
  const program = new Command('site')
    .description('Build, check and serve a Markdown documentation site (docs/, blog/, static/).')
    .version(pkg.version, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showHelpAfterError('(run "site --help" for usage)')
    .exitOverride();
  // Every command works on a site folder, and every one can show stack traces.
  const siteCommand = (name: string, description: string) =>
    program.command(name).description(description).argument('[siteDir]', 'site folder with site.config.ts', '.');
  const NO_CACHE = ['--no-cache', 'load every Markdown file again instead of reusing unchanged ones'] as const;
  const DEBUG = ['--debug', 'show stack traces'] as const;
  const STRICT = ['--strict', 'fail on what content cannot do (unknown components, imports that cannot be resolved or bundled) instead of warning: markdown.strict'] as const;
  const MAX_FILE_SIZE = ['--max-file-size <size>', 'the largest content file that is built, e.g. 4mb (default 1mb): markdown.maxFileSize', size] as const;
  const listening = (command: Command) => command.option('--port <port>', 'port to listen on', port, 3000).option('--host <host>', 'address to listen on', '127.0.0.1');

  siteCommand('build', 'build the static site into the output folder (replaced only when the build succeeds)')
    .option('--out-dir <dir>', 'output folder (default: the config\'s paths.outDir, "build")')
    .option(...NO_CACHE)
    .option(...STRICT)
    .option(...MAX_FILE_SIZE)
    .option(...DEBUG)
    .action(async (siteDir: string, opts: { outDir?: string; cache: boolean; strict?: boolean; maxFileSize?: number; debug?: boolean }) => setExitCode(await (await import('./commands/build.ts')).buildCommand(siteDir, opts)));
  siteCommand('check', 'check every link and anchor without rendering (for CI)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'github']).default('text'))
    .option(...NO_CACHE)
    .option(...STRICT)
    .option(...MAX_FILE_SIZE)
    .option(...DEBUG)
    .action(async (siteDir: string, opts: { format: 'text' | 'json' | 'github'; cache: boolean; strict?: boolean; maxFileSize?: number; debug?: boolean }) => setExitCode(await (await import('./commands/check.ts')).checkCommand(siteDir, opts)));
  listening(siteCommand('serve', 'serve the built site as a static host does'))
    .option('--dir <dir>', 'folder to serve (default: the output folder)')
    .option(...DEBUG)
    .action(async (siteDir: string, opts: { port: number; host: string; dir?: string; debug?: boolean }) => setExitCode(await (await import('./commands/serve.ts')).serveCommand(siteDir, opts)));
  listening(siteCommand('dev', 'serve the site from memory and update open pages as files change'))
    .option('--allowed-hosts <names>', 'host names the dev server answers besides localhost, IP addresses and this machine\'s name, comma-separated', (value: string) => value.split(',').map((name) => name.trim()).filter(Boolean))
    .option('--open', 'open the site in the default browser')
    .option(...MAX_FILE_SIZE)
    .option(...DEBUG)
    .action(async (siteDir: string, opts: { port: number; host: string; allowedHosts?: string[]; open?: boolean; maxFileSize?: number; debug?: boolean }) => setExitCode(await (await import('./commands/dev.ts')).devCommand(siteDir, opts)));
  siteCommand('export-search-records', 'write the search records as Algolia-ready JSON (to stdout, or --out)')
    .option('--out <file>', 'file to write instead of stdout')
    .option(...NO_CACHE)
    .option(...MAX_FILE_SIZE)
    .option(...DEBUG)
    .action(async (siteDir: string, opts: { out?: string; cache: boolean; maxFileSize?: number; debug?: boolean }) => setExitCode(await (await import('./commands/exportSearchRecords.ts')).exportSearchRecordsCommand(siteDir, opts)));
  return program;
}

/** Runs the CLI and returns its exit code: 0 ok, 1 failed build or check, 2 usage. */
export async function main(argv: string[]): Promise<number> {
  let code = 0;
  const program = createProgram((c) => (code = c));
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end with exitCode 0; everything else is a usage error.
      return error.exitCode === 0 ? 0 : 2;
    }
    throw error;
  }
  return code;
}
