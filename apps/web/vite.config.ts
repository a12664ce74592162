import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import rootPackage from '../../package.json' with { type: 'json' };

const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  // The user menu shows the product version; the root package.json is its single source.
  define: { __APP_VERSION__: JSON.stringify(rootPackage.version) },
  server: {
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle-size.ts reads it to count what the login page downloads.
    manifest: true,
  },
});
