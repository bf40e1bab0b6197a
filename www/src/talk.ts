// Talk mode (issue 20): for teaching with JoinLab on a projector. `?talk=1` (with `?example=NAME`,
// a link per example, or a share link's `#…`) shows the step's view alone — no gallery, editor or
// example text — in larger type; Space, Page Down, → or a clicker's "next" key step forward, Page Up,
// ← or Backspace step back, F toggles fullscreen, Escape (outside fullscreen) leaves talk mode. The
// bar at the bottom right says so and has the same as buttons.

import { h } from './dom';

export interface TalkHost {
  /** The step shown, and going to another one. */
  step(): number;
  goTo(step: number): void;
}

/** The URL of the same page in talk mode (`on`) or out of it. */
export function talkHref(on: boolean, href = location.href): string {
  const u = new URL(href);
  if (on) u.searchParams.set('talk', '1');
  else u.searchParams.delete('talk');
  return u.toString();
}

/** Turns talk mode on for the page; returns how to turn it off. */
export function enterTalkMode(host: TalkHost): () => void {
  document.body.classList.add('jl-talk');
  const fullBtn = h('button', { type: 'button', class: 'jl-btn', 'data-testid': 'talk-fullscreen' }, 'Fullscreen (F)');
  const exitBtn = h('button', { type: 'button', class: 'jl-btn', 'data-testid': 'talk-exit' }, 'Leave talk mode');
  const bar = h(
    'div',
    { class: 'jl-talk-bar', role: 'region', 'aria-label': 'Talk mode', 'data-testid': 'talk-bar' },
    h('span', { class: 'jl-talk-keys' }, 'Space / → next step · ← back · F fullscreen'),
    fullBtn,
    exitBtn,
  );
  const fullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target as HTMLElement | null;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || t.closest('.cm-editor'))) return;
    // Space on a button presses it (the bar's own buttons)
    if (e.key === ' ' && t?.tagName === 'BUTTON' && bar.contains(t)) return;
    let d = 0;
    if (e.key === ' ' || e.key === 'PageDown' || e.key === 'ArrowRight') d = 1;
    else if (e.key === 'PageUp' || e.key === 'ArrowLeft' || e.key === 'Backspace') d = -1;
    else if (e.key === 'f' || e.key === 'F') {
      fullscreen();
      e.preventDefault();
      return;
    } else if (e.key === 'Escape' && !document.fullscreenElement) {
      leave();
      return;
    } else return;
    e.preventDefault();
    e.stopPropagation();
    host.goTo(Math.max(0, host.step() + d));
  };
  const leave = () => {
    document.body.classList.remove('jl-talk');
    document.removeEventListener('keydown', onKey, true);
    bar.remove();
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    history.replaceState(history.state, '', talkHref(false));
  };
  fullBtn.addEventListener('click', fullscreen);
  exitBtn.addEventListener('click', leave);
  document.addEventListener('keydown', onKey, true);
  document.body.append(bar);
  return leave;
}
