/** Injected by vite.config.ts from the root package.json. */
declare const __APP_VERSION__: string;
