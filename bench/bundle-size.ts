/**
 * How much JavaScript a first visit to the login page downloads, gzip-compressed: the entry
 * chunk, the chunks of the routes that render /{organization}/login, and everything they import
 * statically. Reads the manifest of `npm run build` (apps/web/dist/.vite/manifest.json).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const distDir = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest: Record<string, ManifestChunk> = JSON.parse(
  readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
);

/** The modules the router loads for the login page (see apps/web/src/app/router.tsx). */
const loginRouteModules = ['src/app/layouts/public-layout.tsx', 'src/app/routes/public/login.tsx'];

function collectStaticImports(key: string, seen: Set<string>): void {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) collectStaticImports(imported, seen);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');
const keys = new Set<string>();
for (const key of [entryKey, ...loginRouteModules]) collectStaticImports(key, keys);

let rawBytes = 0;
let gzipBytes = 0;
const rows: string[] = [];
const cssFiles = new Set<string>();
for (const key of keys) {
  const chunk = manifest[key] as ManifestChunk;
  const content = readFileSync(path.join(distDir, chunk.file));
  const compressed = gzipSync(content).length;
  rawBytes += content.length;
  gzipBytes += compressed;
  rows.push(
    `${chunk.file.padEnd(48)} ${(content.length / 1024).toFixed(1).padStart(8)} kB ${(compressed / 1024).toFixed(1).padStart(8)} kB gzip`,
  );
  for (const css of chunk.css ?? []) cssFiles.add(css);
}
const cssGzipBytes = [...cssFiles].reduce(
  (total, file) => total + gzipSync(readFileSync(path.join(distDir, file))).length,
  0,
);

console.log(rows.join('\n'));
console.log(
  `login route JavaScript: ${(rawBytes / 1024).toFixed(1)} kB, ${(gzipBytes / 1024).toFixed(1)} kB gzip (budget 250 kB gzip)`,
);
console.log(`login route CSS: ${(cssGzipBytes / 1024).toFixed(1)} kB gzip`);
if (gzipBytes > 250 * 1024) {
  console.error('Over budget.');
  process.exitCode = 1;
}
