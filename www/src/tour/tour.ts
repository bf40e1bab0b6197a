// The first visit's tour (issue 20): a few cards, each pointing at one part of the page — what a
// step is, the step's sentence, where the watermark is on the timeline, how to read the changelog,
// where to edit and ask. Not modal (the page stays usable under it); Escape or "Skip the tour"
// closes it, ← → or Back / Next move between its cards, and the focus goes back where it was.
// Closed or finished, it is remembered in localStorage and does not come back by itself (the
// Lessons dialog offers it again). Loaded on the first visit only (main.ts).

import './tour.css';
import { h } from '../dom';

/** localStorage: set once the tour was closed or finished (main.ts reads it before loading this). */
export const TOUR_KEY = 'joinlab.tour.v1';

interface Stop {
  /** The element pointed at (the first visible match). */
  target: string;
  title: string;
  text: string;
}

export const STOPS: Stop[] = [
  {
    target: '.jl-controls',
    title: 'A step is one row arriving',
    text: 'The engine runs the script one input row at a time (then the end of input, when every source finishes). Step with these buttons, the slider, or ← → anywhere on the page; Space plays.',
  },
  {
    target: '[data-testid=step-sentence]',
    title: 'What this step did',
    text: 'In words: the row that arrived, how far each watermark advanced, which windows fired or were purged, and what the join emitted or kept in its state.',
  },
  {
    target: '.timeline',
    title: 'Event time and the watermark',
    text: "A lane per input table, each row at its event time and numbered by arrival. The vertical line in a lane is its table's watermark: the time up to which the source promises no older rows. A window fires when the join's watermark passes its end; a row behind it is late.",
  },
  {
    target: '.jl-changelog',
    title: 'Reading the changelog',
    text: 'What a sink receives, under the step that emitted it: +I inserts a row, -U and +U update one (the row before, the row after), -D deletes one. Click a row to go to its step; the result table beside it is the changelog applied.',
  },
  {
    target: '.cm-editor',
    title: 'Your script',
    text: 'Edit the SQL and Run, or pick an example on the left. Under the step sentence, "Why this row?" explains any input row and "What if" edits it and shows what changes; Lessons in the header asks one question per join kind.',
  },
];

/** The tour open now (one at a time). */
let open: { close: () => void } | null = null;

/** Opens the tour at its first card whose element is on the page. */
export function startTour(): void {
  open?.close();
  const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const title = h('h2', { id: 'jl-tour-title', class: 'jl-tour-title' });
  const text = h('p', { class: 'jl-tour-text' });
  const count = h('span', { class: 'jl-tour-count', 'aria-live': 'polite' });
  const prev = h('button', { type: 'button', class: 'jl-btn', 'data-testid': 'tour-back' }, 'Back');
  const next = h('button', { type: 'button', class: 'jl-btn jl-primary', 'data-testid': 'tour-next' }, 'Next');
  const skip = h('button', { type: 'button', class: 'jl-btn jl-tour-skip', 'data-testid': 'tour-close' }, 'Skip the tour');
  const card = h(
    'div',
    { class: 'jl-tour', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'jl-tour-title', 'aria-describedby': 'jl-tour-text', 'data-testid': 'tour', tabindex: '-1' },
    title,
    text,
    h('div', { class: 'jl-tour-buttons' }, count, prev, next, skip),
  );
  text.id = 'jl-tour-text';
  const stops = STOPS.filter((s) => visible(s.target));
  let i = 0;
  let target: HTMLElement | null = null;

  const place = () => {
    const r = target?.getBoundingClientRect();
    const w = Math.min(380, innerWidth - 16);
    card.style.width = `${w}px`;
    if (!r) {
      card.style.left = `${Math.round((innerWidth - w) / 2)}px`;
      card.style.top = '72px';
      return;
    }
    const ch = card.offsetHeight;
    const below = r.bottom + 10 + ch <= innerHeight;
    const top = below ? r.bottom + 10 : Math.max(8, r.top - 10 - ch);
    card.style.top = `${Math.round(Math.min(top, innerHeight - ch - 8))}px`;
    card.style.left = `${Math.round(Math.min(Math.max(8, r.left), innerWidth - w - 8))}px`;
  };
  const show = (k: number) => {
    i = k;
    const s = stops[i];
    target?.classList.remove('jl-tour-target');
    target = s ? first(s.target) : null;
    target?.classList.add('jl-tour-target');
    target?.scrollIntoView({ block: 'nearest' });
    title.textContent = s?.title ?? '';
    text.textContent = s?.text ?? '';
    count.textContent = `${i + 1} of ${stops.length}`;
    prev.disabled = i === 0;
    next.textContent = i === stops.length - 1 ? 'Done' : 'Next';
    place();
  };
  const close = () => {
    try {
      localStorage.setItem(TOUR_KEY, 'done');
    } catch {
      // (private mode: the tour may come back)
    }
    target?.classList.remove('jl-tour-target');
    card.remove();
    document.removeEventListener('keydown', onKey, true);
    removeEventListener('resize', place);
    removeEventListener('scroll', place, true);
    open = null;
    if (back?.isConnected) back.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
      return;
    }
    // ← → move between the cards while the focus is on the tour (elsewhere they step the playground)
    if (!card.contains(document.activeElement) || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowRight' && i < stops.length - 1) show(i + 1);
    else if (e.key === 'ArrowLeft' && i > 0) show(i - 1);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  prev.addEventListener('click', () => show(Math.max(0, i - 1)));
  next.addEventListener('click', () => (i === stops.length - 1 ? close() : show(i + 1)));
  skip.addEventListener('click', close);
  document.addEventListener('keydown', onKey, true);
  addEventListener('resize', place);
  addEventListener('scroll', place, true);
  document.body.append(card);
  open = { close };
  show(0);
  next.focus();
}

function first(sel: string): HTMLElement | null {
  for (const el of document.querySelectorAll<HTMLElement>(sel)) if (el.getClientRects().length) return el;
  return null;
}

function visible(sel: string): boolean {
  return first(sel) !== null;
}
