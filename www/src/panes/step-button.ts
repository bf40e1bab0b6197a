// A link to a step, as the state panes write it ("step 4", a button that goes there), or plain
// text where the pane cannot step (goTo null). Shared by the lookup stores and the PTF state.

import { h } from '../dom';

export type GoTo = (pos: number) => void;

export function stepButton(p: number, goTo: GoTo | null, text = `step ${p}`): HTMLElement {
  if (!goTo) return h('span', { class: 'jl-small' }, text);
  const b = h('button', { type: 'button', class: 'jl-step-link', 'data-step': p, title: `Go to step ${p}` }, text);
  b.addEventListener('click', () => goTo(p));
  return b;
}
