// Step controls: first / previous / next / last, play and pause with a speed, a slider over all
// steps, the step counter, and keyboard (← → Home End Space) on the element given. While playing
// faster than a step a second it tells `onPlaying` to keep announcements quiet (a screen reader
// cannot read 8 sentences a second); pausing announces the step it stopped at.

import { h, svgIcon } from './dom';

const ICONS = {
  first: 'M3 2h2v12H3zM14 2v12L6 8z',
  prev: 'M2 2h2v12H2zM13 2v12L5 8z',
  next: 'M12 2h2v12h-2zM3 2v12l8-6z',
  last: 'M11 2h2v12h-2zM2 2v12l8-6z',
  play: 'M4 2v12l10-6z',
  pause: 'M3 2h4v12H3zM9 2h4v12H9z',
};

const SPEEDS = [0.5, 1, 2, 4, 8];

export class StepControls {
  readonly element: HTMLElement;
  readonly slider: HTMLInputElement;
  private readonly counter: HTMLSpanElement;
  private readonly playBtn: HTMLButtonElement;
  private readonly speed: HTMLSelectElement;
  private readonly buttons: HTMLButtonElement[];
  private readonly endMark: HTMLSpanElement;
  private total = 0;
  private dataSteps = 0;
  /** The first position: 0 when the job has a start step (VALUES rows before step 1), else 1. */
  private first = 1;
  private pos = 1;
  private timer: number | null = null;
  /** A query's model is on its way: steps wait (setBusy). */
  private busy = false;

  constructor(
    private readonly goTo: (pos: number) => void,
    /** Called when playing starts or stops: `quiet` while playing faster than one step a second. */
    private readonly onPlaying: (quiet: boolean) => void = () => undefined,
  ) {
    const btn = (id: string, label: string, icon: string, fn: () => void) => {
      const b = h('button', { type: 'button', class: 'jl-btn jl-icon', 'data-testid': id, 'aria-label': label, title: label }, svgIcon(icon));
      b.addEventListener('click', fn);
      return b;
    };
    const first = btn('step-first', 'First step (Home)', ICONS.first, () => this.go(this.first));
    const prev = btn('step-prev', 'Previous step (←)', ICONS.prev, () => this.go(this.pos - 1));
    this.playBtn = btn('play', 'Play (Space)', ICONS.play, () => this.toggle());
    const next = btn('step-next', 'Next step (→)', ICONS.next, () => this.go(this.pos + 1));
    const last = btn('step-last', 'Last step (End)', ICONS.last, () => this.go(this.total));
    this.buttons = [first, prev, this.playBtn, next, last];
    this.speed = h('select', { class: 'jl-speed', 'aria-label': 'Play speed', title: 'Play speed (steps per second)' });
    for (const s of SPEEDS) this.speed.append(h('option', { value: s, selected: s === 1 }, `${s}×`));
    this.speed.addEventListener('change', () => {
      if (this.timer !== null) {
        this.stop();
        this.play();
      }
    });
    this.slider = h('input', {
      type: 'range',
      min: 1,
      max: 1,
      value: 1,
      step: 1,
      class: 'jl-slider',
      'data-testid': 'step-slider',
      'aria-label': 'Step',
    });
    this.slider.addEventListener('input', () => this.goTo(Number(this.slider.value)));
    this.counter = h('span', { class: 'jl-counter', 'aria-hidden': 'true' });
    this.endMark = h('span', { class: 'jl-end-mark', title: 'Steps after this mark: the end of input (bounded)' });
    const sliderWrap = h('div', { class: 'jl-slider-wrap' }, this.slider, this.endMark);
    this.element = h('div', { class: 'jl-controls', role: 'toolbar', 'aria-label': 'Step controls' }, first, prev, this.playBtn, next, last, this.speed, sliderWrap, this.counter);
  }

  /** Keyboard stepping on `target` (ignored while typing in the editor or a form field). */
  bindKeys(target: HTMLElement | Document): void {
    target.addEventListener('keydown', (ev) => {
      const e = ev as KeyboardEvent;
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || !this.total || this.busy) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) && t !== this.slider) return;
      if (t?.closest('.cm-editor')) return;
      let handled = true;
      switch (e.key) {
        case 'ArrowRight':
          this.go(this.pos + 1);
          break;
        case 'ArrowLeft':
          this.go(this.pos - 1);
          break;
        case 'Home':
          this.go(this.first);
          break;
        case 'End':
          this.go(this.total);
          break;
        case ' ':
          if (t?.tagName === 'BUTTON' && t !== this.playBtn) return;
          this.toggle();
          break;
        default:
          handled = false;
      }
      if (handled) e.preventDefault();
    });
  }

  /** While the model of another query is on its way (playground.selectQuery), the controls wait:
   * a step now would land on the query shown before and be undone when the model arrives. */
  setBusy(busy: boolean): void {
    this.busy = busy;
    this.slider.disabled = busy || this.total + 1 - this.first <= 1;
    for (const b of this.buttons) b.disabled = busy || this.total === 0;
    if (busy) this.stop();
  }

  /** Sets the range: `total` steps, of which the first `dataSteps` are data (the rest: end of input). */
  setRange(total: number, dataSteps: number, first = 1): void {
    this.busy = false;
    this.total = total;
    this.dataSteps = dataSteps;
    this.first = total ? first : 1;
    this.slider.min = String(this.first);
    this.slider.max = String(Math.max(1, total));
    this.slider.disabled = total + 1 - this.first <= 1;
    for (const b of this.buttons) b.disabled = total === 0;
    if (total > dataSteps && total > 1) {
      this.endMark.hidden = false;
      this.endMark.style.left = `calc(${((dataSteps - 0.5 - this.first + 1) / (total - this.first)) * 100}% - 1px)`;
    } else this.endMark.hidden = true;
    if (total === 0) this.stop();
  }

  show(pos: number): void {
    this.pos = pos;
    this.slider.value = String(pos);
    this.slider.setAttribute('aria-valuetext', pos === 0 ? `Job start, before step 1 of ${this.total}` : pos > this.dataSteps ? `Step ${pos} of ${this.total}: end of input` : `Step ${pos} of ${this.total}`);
    this.counter.textContent = this.total ? (pos === 0 ? `job start · 0/${this.total}` : pos > this.dataSteps ? `end of input · ${pos}/${this.total}` : `step ${pos}/${this.total}`) : 'no steps';
    if (this.timer !== null && pos >= this.total) this.stop();
  }

  private go(pos: number): void {
    if (!this.total || this.busy) return;
    this.goTo(Math.min(Math.max(this.first, pos), this.total));
  }

  toggle(): void {
    if (this.timer !== null) this.stop();
    else this.play();
  }

  play(): void {
    if (!this.total) return;
    if (this.pos >= this.total) this.go(this.first);
    const interval = 1000 / Number(this.speed.value);
    this.timer = window.setInterval(() => {
      if (this.pos >= this.total) this.stop();
      else this.go(this.pos + 1);
    }, interval);
    this.playBtn.replaceChildren(svgIcon(ICONS.pause));
    this.playBtn.setAttribute('aria-label', 'Pause (Space)');
    this.playBtn.title = 'Pause (Space)';
    this.playBtn.setAttribute('aria-pressed', 'true');
    this.onPlaying(Number(this.speed.value) > 1);
  }

  stop(): void {
    const playing = this.timer !== null;
    if (this.timer !== null) window.clearInterval(this.timer);
    this.timer = null;
    this.playBtn.replaceChildren(svgIcon(ICONS.play));
    this.playBtn.setAttribute('aria-label', 'Play (Space)');
    this.playBtn.title = 'Play (Space)';
    this.playBtn.setAttribute('aria-pressed', 'false');
    if (playing) this.onPlaying(false);
  }
}
