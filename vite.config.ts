import { join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './src/server/http/precompress.ts';

const outDir = join(import.meta.dirname, 'dist/client');

/**
 * Writes .gz (and .br unless PRECOMPRESS_BROTLI=0, which a start sets: the server then writes them
 * once it serves) beside each text asset, so the server sends them pre-compressed.
 */
function precompressAssets(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    // The browser's files only: the server's renderer (dist/ssr) is read from disk, never sent.
    applyToEnvironment: (environment) => environment.name === 'client',
    closeBundle() {
      precompress(outDir, { brotli: process.env.PRECOMPRESS_BROTLI !== '0' });
    },
  };
}

/**
 * The renderer's characters outside ASCII as \\u escapes: V8 keeps a module's source in the heap,
 * two bytes a character if one character is outside Latin-1 (decision 040).
 */
function asciiRenderer(): Plugin {
  return {
    name: 'ascii-renderer',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    // After minifying, which writes escapes back as characters.
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk')
          chunk.code = chunk.code.replace(
            /[\u0080-\uffff]/g,
            (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
          );
    },
  };
}

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompressAssets(), asciiRenderer()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // Read by the server to name each page's screen chunks in the HTML (src/server/http/spa.ts).
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      // src/common builds its zod schemas at module top level. With z.* calls marked pure and the
      // shared modules free of other side effects, a screen that only uses their rules and
      // constants gets no schema code and no zod. A call on a schema variable (x.nullable()) is not
      // known to be pure: write z.nullable(x) in src/common, or mark a schema built from another
      // (x.extend(…)) /* @__PURE__ */, or the schema comes along. text(), rowId() and rowIdText()
      // build zod schemas and nothing else; no property read the client relies on has a side effect.
      treeshake: {
        manualPureFunctions: ['z', 'text', 'rowId', 'rowIdText'],
        moduleSideEffects: (id: string) => !id.includes('/src/common/'),
        propertyReadSideEffects: false,
      },
      // React and its JSX runtime stay one chunk: a lazy screen part drawn with JSX alone (a chart)
      // would otherwise split them, and every page would load one file more.
      output: { codeSplitting: { groups: [{ name: 'react', test: /[\\/]node_modules[\\/]react[\\/]/ }] } },
    },
  },
  // `vite build` builds both environments: the browser's (dist/client) and the server's renderer
  // of the public pages (src/client/entry-server.tsx into dist/ssr, which the server loads).
  builder: {},
  environments: {
    ssr: {
      // The renderer carries its libraries (React, its DOM server, the screens' UI libraries) inside
      // its own files, as the server's bundle does: the production install then needs only what
      // cannot be bundled (PGlite, the native addons), not the client's packages.
      resolve: { noExternal: true },
      build: {
        outDir: join(import.meta.dirname, 'dist/ssr'),
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
        target: 'node22',
        // Minified as the browser's: V8 keeps the renderer's source in the heap (3.0 MB, then 1.4).
        minify: true,
        rolldownOptions: { input: { 'entry-server': 'entry-server.tsx' } },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/rss.xml': 'http://127.0.0.1:3000',
      '/sitemap.xml': 'http://127.0.0.1:3000',
    },
  },
});
