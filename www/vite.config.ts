import { defineConfig, type Plugin } from 'vite';
import { resolve } from 'node:path';
import { CSP, CSP_META } from './csp.ts';

/** CodeMirror's styles (style-mod) as a constructed stylesheet in the document too: style-mod
 * 4.1 adopts one only in shadow roots and gives a document an inline <style>, which the CSP
 * refuses (the editor would lose its styles). The build fails if style-mod changes shape. */
const styleModAdopted = (): Plugin => ({
  name: 'joinlab-style-mod-adopted',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]style-mod[\\/]src[\\/]style-mod\.js$/.test(id)) return null;
    const from = 'if (!root.head && root.adoptedStyleSheets && win.CSSStyleSheet) {';
    if (!code.includes(from)) throw new Error('style-mod changed: update joinlab-style-mod-adopted (www/vite.config.ts)');
    return { code: code.replace(from, 'if (root.adoptedStyleSheets && win.CSSStyleSheet) {'), map: null };
  },
});

/** The Content-Security-Policy (csp.ts) in every built page, right after <meta charset>. */
const cspMeta = (): Plugin => ({
  name: 'joinlab-csp-meta',
  apply: 'build',
  transformIndexHtml: (html) => html.replace(/(<meta charset="utf-8" \/>)/, `$1\n    ${CSP_META}`),
});

/** Asset names: `assets/[name]-[hash][extname]`, but the exporter's wasm is `joinlab-export-…`. */
const exporterAsset = (a: { originalFileNames?: readonly string[] }): string =>
  (a.originalFileNames ?? []).some((f) => /packages[\\/]joinlab[\\/]wasm[\\/]/.test(f)) ? 'assets/joinlab-export-[hash][extname]' : 'assets/[name]-[hash][extname]';

// The playground is a static site: www/ is the source, dist/ the output. Pages: index.html
// (the playground, also ?embed=1) and docs-demo.html (a docs page embedding two playgrounds).
// The custom element is also built as a stable `joinlab-embed.js` for other docs sites. The
// built pages carry the Content-Security-Policy of csp.ts (a meta tag; `vite preview` sends it
// as a header too).
export default defineConfig({
  root: resolve(import.meta.dirname),
  base: './',
  publicDir: false,
  plugins: [cspMeta(), styleModAdopted()],
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
        assetFileNames: exporterAsset,
        entryFileNames: (chunk) => (chunk.name === 'joinlab-embed' ? 'joinlab-embed.js' : 'assets/[name]-[hash].js'),
        // The code the page and the embed share: the editor (CodeMirror) and the playground.
        manualChunks: (id) => (/www[\\/]src[\\/]engine[\\/]warm\.ts$/.test(id) ? 'warm' : /node_modules[\\/](@codemirror|@lezer|@marijn|crelt|style-mod|w3c-keyname)/.test(id) ? 'codemirror' : /www[\\/]src[\\/]/.test(id) && !/(main|embed|worker|warm|gallery|docs-demo)\.ts$/.test(id) ? 'playground' : undefined),
      },
    },
  },
  // The exporter's module (packages/joinlab/wasm, loaded by the Export button only) is named
  // apart from the engine's, so the size check tells what the page loads from what it may load.
  worker: { format: 'es', rollupOptions: { output: { assetFileNames: exporterAsset } } },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1', headers: { 'Content-Security-Policy': CSP } },
});
