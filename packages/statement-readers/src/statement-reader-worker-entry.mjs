// A worker starts with a bare module loader: neither `tsx src/server.ts` nor Vitest's transform reaches it,
// and Node 20 ignores `--import tsx` in a worker's execArgv for its first module. So this plain-JavaScript
// entry registers tsx, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./statement-reader-worker.ts');
