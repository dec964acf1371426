// Vite (build, dev server) and Vitest configuration of the Tingshu web app.
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';
import { defineConfig, type Plugin } from 'vitest/config';
import pkg from './package.json' with { type: 'json' };

const backend = 'http://127.0.0.1:8080';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Writes `builds/latest.json` (the app's version and build time) into the build. */
function buildInfo(): Plugin {
  return {
    name: 'tingshu-build-info',
    apply: 'build',
    generateBundle() {
      const info = { version: pkg.version, builtAt: new Date().toISOString() };
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: `${JSON.stringify(info)}\n` });
    },
  };
}

export default defineConfig({
  plugins: [wasm(), react(), buildInfo()],
  resolve: { alias: { '@': here('./src') } },
  build: { target: 'es2022', outDir: 'dist', sourcemap: false },
  server: {
    fs: { allow: [here('.'), here('../wasm/pkg'), here('../locales'), here('../core/vectors')] },
    proxy: {
      '/api': backend,
      '/_i18n': backend,
      '/healthz': backend,
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    pool: 'threads',
    maxWorkers: 2,
  },
});
