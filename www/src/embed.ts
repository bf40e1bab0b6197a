// <joinlab-playground>: a playground a docs page can place next to a code block.
//
//   <joinlab-playground readonly>
//     <script type="text/sql">SELECT …</script>      (or plain text, or script="…")
//   </joinlab-playground>
//
// Attributes: `script` (the script; else the element's text), `dialect` (confluent | flink),
// `readonly`, `step` (1-based step to open at). The engine (wasm, in a shared Web Worker) is
// loaded only when the element scrolls into view, or when its Run button is pressed.
// Attributes are read as text only: the script and the step go to the editor and the engine,
// `dialect` is one of two words, `playground-url` must be an http(s) URL; no attribute is ever
// parsed as HTML (tests/e2e/share-limits.spec.ts puts markup in each).

import './style.css';
import { h, scrollBox } from './dom';
import { Playground } from './playground';
import { encodeShare } from './share';

/** Removes the common indentation of inline scripts. */
export function dedent(text: string): string {
  const lines = text.replace(/^\s*\n/, '').replace(/\s+$/, '').split('\n');
  const indents = lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)?.[0].length ?? 0);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut)).join('\n');
}

/** Where "Open in JoinLab" leads: the `playground-url` attribute when it is an http(s) URL
 * (never `javascript:` or `data:`), else the JoinLab next to this page. */
export function playgroundUrl(attr: string | null): string {
  const fallback = new URL('./', document.baseURI).href;
  if (attr === null) return fallback;
  try {
    const u = new URL(attr, document.baseURI);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href.replace(/#.*$/, '') : fallback;
  } catch {
    return fallback;
  }
}

export class JoinLabPlaygroundElement extends HTMLElement {
  private playground: Playground | null = null;
  private observer: IntersectionObserver | null = null;
  private source = '';

  connectedCallback(): void {
    if (this.playground || this.observer) return;
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', () => this.connectedCallback(), { once: true });
      return;
    }
    const inline = this.querySelector('script[type="text/sql"], template');
    const text = inline instanceof HTMLTemplateElement ? (inline.content.textContent ?? '') : inline ? (inline.textContent ?? '') : (this.textContent ?? '');
    this.source = this.getAttribute('script') ?? dedent(text);
    const run = h('button', { type: 'button', class: 'jl-btn jl-primary' }, 'Run ▸');
    run.addEventListener('click', () => this.start());
    this.replaceChildren(
      h('div', { class: 'jl-embed-placeholder' }, h('pre', { class: 'jl-pre', ...scrollBox('SQL script') }, this.source), h('div', {}, run, h('span', { class: 'jl-muted jl-small' }, ' JoinLab loads when this comes into view.'))),
    );
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) this.start();
    }, { rootMargin: '200px' });
    this.observer.observe(this);
  }

  disconnectedCallback(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.playground?.destroy();
    this.playground = null;
  }

  /** Creates the playground (and with it, on first use, the engine). */
  start(): void {
    if (this.playground) return;
    this.observer?.disconnect();
    const dialect = this.getAttribute('dialect') === 'flink' ? 'flink' : 'confluent';
    const pg = new Playground({
      script: this.source,
      dialect,
      readonly: this.hasAttribute('readonly'),
      step: Number(this.getAttribute('step')) || 0,
      compact: true,
    });
    this.playground = pg;
    const base = playgroundUrl(this.getAttribute('playground-url'));
    const open = h('a', { class: 'jl-open-full', target: '_blank', rel: 'noopener', href: base }, 'Open in JoinLab ↗');
    open.addEventListener('click', () => open.setAttribute('href', `${base}${encodeShare(pg.shareState)}`));
    this.replaceChildren(pg.element, open);
  }
}

if (!customElements.get('joinlab-playground')) customElements.define('joinlab-playground', JoinLabPlaygroundElement);
