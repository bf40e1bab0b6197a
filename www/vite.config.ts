import { defineConfig } from 'vite';
import { resolve } from 'node:path';

// The playground is a static site: www/ is the source, dist/ the output. Pages: index.html
// (the playground, also ?embed=1) and docs-demo.html (a docs page embedding two playgrounds).
// The custom element is also built as a stable `joinlab-embed.js` for other docs sites.
export default defineConfig({
  root: resolve(import.meta.dirname),
  base: './',
  publicDir: false,
  build: {
    outDir: resolve(import.meta.dirname, '../dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: !!process.env.JOINLAB_SOURCEMAP,
    reportCompressedSize: false,
    // The oracle outputs of the examples stay files (the gallery links to them).
    assetsInlineLimit: 0,
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        'docs-demo': resolve(import.meta.dirname, 'docs-demo.html'),
        'joinlab-embed': resolve(import.meta.dirname, 'src/embed.ts'),
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'joinlab-embed' ? 'joinlab-embed.js' : 'assets/[name]-[hash].js'),
        // The code the page and the embed share: the editor (CodeMirror) and the playground.
        manualChunks: (id) => (/node_modules[\\/](@codemirror|@lezer|@marijn|crelt|style-mod|w3c-keyname)/.test(id) ? 'codemirror' : /www[\\/]src[\\/]/.test(id) && !/(main|embed|worker|gallery)\.ts$/.test(id) ? 'playground' : undefined),
      },
    },
  },
  worker: { format: 'es' },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
