// Building DOM from elements and text nodes only: every text goes through textContent, and a
// `style` goes through the CSSOM (never a style="" attribute, which the pages' CSP forbids).

type Attrs = Record<string, string | number | boolean | undefined | null>;
type Child = Node | string | null | undefined | false;

/** `h('button', {class: 'x', 'data-testid': 'run'}, 'Run')`. `on*` handlers go through `on()`. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'text') el.textContent = String(v);
    // Through the CSSOM: the pages' CSP (www/csp.ts) blocks style="" attributes, not style writes.
    else if (k === 'style') el.style.cssText = String(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/** The attributes of a box that may scroll: a tab stop, so that the keyboard can scroll it
 * (WCAG 2.1.1; axe's scrollable-region-focusable), and a region named by `label`. */
export function scrollBox(label: string): Attrs {
  return { tabindex: 0, role: 'region', 'aria-label': label };
}

export function on<K extends keyof HTMLElementEventMap>(
  el: EventTarget,
  type: K,
  fn: (ev: HTMLElementEventMap[K]) => void,
  opts?: AddEventListenerOptions,
): void {
  el.addEventListener(type, fn as EventListener, opts);
}

/** Offers `text` for download as the file `file` (a Blob URL, revoked after the click). */
export function downloadText(text: string, file: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/sql' }));
  const a = h('a', { href: url, download: file });
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Replaces an element's children. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren(...children.filter((c): c is Node | string => c !== null && c !== undefined && c !== false));
}

export function svgIcon(path: string, label?: string): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute("aria-hidden", "true");
  void label;
  const p = document.createElementNS(ns, 'path');
  p.setAttribute('d', path);
  p.setAttribute('fill', 'currentColor');
  svg.append(p);
  return svg;
}
