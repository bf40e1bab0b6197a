// The pages' Content-Security-Policy (docs/design.md, "Locked down"). The build writes it into
// every page as a <meta http-equiv> (first thing in <head>), and `vite preview` (`npm start`,
// the Playwright server) also sends it as a header. Only the built site carries it: `npm run dev`
// injects its CSS as inline <style> (hot reload), which this policy forbids.
//
// Everything comes from the page's own origin: scripts (plus 'wasm-unsafe-eval', to compile the
// engine), the engine's worker, the wasm (fetched), styles (files only: no inline <style> or
// style="" attribute; CodeMirror's styles are constructed stylesheets, which CSP does not
// govern) and the iframe of the docs demo; images also as data: URLs (the favicon). Nothing
// else: no plugins, no <base>, no form submissions.

export const CSP = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "connect-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** The meta tag the build puts first in each page's <head>. */
export const CSP_META = `<meta http-equiv="Content-Security-Policy" content="${CSP}" />`;
