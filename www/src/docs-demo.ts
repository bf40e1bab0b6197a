// The docs demo page's own script (docs-demo.html): the iframe's height follows its content
// (the framed page posts it: main.ts postHeight). A module file, not an inline <script>: the
// pages' Content-Security-Policy allows no inline script (www/csp.ts).

addEventListener('message', (e: MessageEvent) => {
  const frame = document.getElementById('joinlab-frame');
  if (!(frame instanceof HTMLIFrameElement) || e.source !== frame.contentWindow) return;
  const d: unknown = e.data;
  if (typeof d !== 'object' || d === null || (d as { type?: unknown }).type !== 'joinlab:height') return;
  const height = Number((d as { height?: unknown }).height);
  // Element.style writes are CSSOM, which the policy allows (a style="" attribute it does not).
  if (Number.isFinite(height) && height > 0 && height < 100_000) frame.style.height = `${Math.ceil(height)}px`;
});
