import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Two pages from one build: the portal at / and the consumer wallet at /wallet. Preact stands in for
// React (through preact/compat) so React-ecosystem hooks (SWR, react-i18next) work at a fraction of the size.
const here = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: '/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: {
    alias: {
      react: 'preact/compat',
      'react-dom': 'preact/compat',
      'react/jsx-runtime': 'preact/jsx-runtime',
    },
  },
  build: {
    outDir: resolve(here, '../dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // SWR marks its modules 'use client' for React Server Components, which do not exist here.
      onwarn: (warning, warn) => (warning.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : warn(warning)),
      input: { portal: resolve(here, 'index.html'), wallet: resolve(here, 'wallet/index.html') },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
