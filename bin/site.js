#!/usr/bin/env node
// The CLI is TypeScript; tsx compiles it on the fly (cached), so there is no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv);
