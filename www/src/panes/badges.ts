// The "updating" / "append-only" badge of an operator or of a query's result (OperatorInfo.updating):
// an updating stream retracts rows it emitted before (-U/+U/-D); an append-only one only adds (+I).

import { h } from '../dom';

export function updatingBadge(updating: boolean, what = 'This operator'): HTMLSpanElement {
  return h(
    'span',
    {
      class: `jl-mode ${updating ? 'jl-mode-updating' : 'jl-mode-append'}`,
      'data-testid': 'mode-badge',
      title: updating
        ? `${what} emits an updating stream: it can retract rows it emitted before (-U/+U, -D)`
        : `${what} emits an append-only stream: every row it emits is final (+I only)`,
    },
    updating ? 'updating' : 'append-only',
  );
}
