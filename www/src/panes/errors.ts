// The errors of a run, listed below the editor with their script line and column (Flink's
// message, its kind, and the exception chain on demand), and handed to the editor to underline.

import { h } from '../dom';
import type { ScriptError } from '../editor';
import type { ErrorInfo } from '../trace';

/** An error and where it belongs (`script`, `query 2`, an EXPLAIN header, …). */
export interface Located {
  e: ErrorInfo;
  where: string;
}

export class ErrorsPane {
  readonly element: HTMLDivElement;

  constructor(private readonly underline: (marks: ScriptError[]) => void) {
    this.element = h('div', { class: 'jl-error', 'data-testid': 'error', role: 'alert', hidden: true });
  }

  /** Shows the errors (and an extra message, e.g. the engine stopped); none hides the pane. */
  show(errors: Located[], extra?: string): void {
    const marks: ScriptError[] = [];
    const items: HTMLElement[] = [];
    for (const { e, where } of errors) {
      let line = e.line ?? null;
      let column = e.column ?? null;
      if (line === null) {
        // Script-level errors name their line in the message ("line 2: Flink rejects …").
        const m = /^line (\d+)(?:, column (\d+))?:/.exec(e.message);
        if (m) {
          line = Number(m[1]);
          column = m[2] ? Number(m[2]) : 1;
        }
      }
      if (line !== null) marks.push({ message: e.message, line, column: column ?? 1, endLine: e.end_line ?? undefined, endColumn: e.end_column ?? undefined });
      const pos = line !== null ? `Line ${line}${column !== null ? `, column ${column}` : ''}: ` : '';
      const details = h('details', {}, h('summary', {}, 'Details'), h('pre', { class: 'jl-pre' }, e.text));
      items.push(h('li', {}, h('strong', {}, pos), e.message, h('span', { class: 'jl-muted' }, ` (${e.kind}, ${where})`), details));
    }
    if (extra) items.push(h('li', {}, extra));
    this.underline(marks);
    this.element.hidden = items.length === 0;
    this.element.replaceChildren(...(items.length ? [h('ul', {}, ...items)] : []));
  }
}
