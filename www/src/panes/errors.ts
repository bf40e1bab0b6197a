// The errors of a run, listed below the editor: one position in script lines (a button that
// moves the editor's cursor there), Flink's words (`shown`: its message without the second,
// statement-relative position), then JoinLab's hint sentence, and the exception chain on
// demand. The spans go to the editor to underline.

import './errors.css';
import { h } from '../dom';
import type { ScriptError } from '../editor';
import type { ErrorInfo } from '../trace';

/** An error and where it belongs (`script`, `query 2`, an EXPLAIN header, …). */
export interface Located {
  e: ErrorInfo;
  where: string;
}

/** Moves the editor's cursor to a script position (1-based) and focuses it. */
export type GoTo = (line: number, column: number) => void;

/** Text with `backquoted` parts as code. */
function withCode(text: string): (HTMLElement | string)[] {
  return text.split('`').map((part, i) => (i % 2 === 1 ? h('code', {}, part) : part));
}

export class ErrorsPane {
  readonly element: HTMLDivElement;

  constructor(
    private readonly underline: (marks: ScriptError[]) => void,
    private readonly goTo?: GoTo,
  ) {
    this.element = h('div', { class: 'jl-error', 'data-testid': 'error', role: 'alert', hidden: true });
  }

  /** A position: a button that moves the cursor there (plain text without an editor). */
  private position(label: string, line: number, column: number, testid: string): HTMLElement {
    if (!this.goTo) return h('strong', { 'data-testid': testid }, label);
    const b = h('button', { type: 'button', class: 'jl-error-pos', 'data-testid': testid, title: 'Move the cursor there' }, label);
    b.addEventListener('click', () => this.goTo?.(line, column));
    return b;
  }

  /** Shows the errors (and an extra message, e.g. the engine stopped); none hides the pane. */
  show(errors: Located[], extra?: string | HTMLElement): void {
    const marks: ScriptError[] = [];
    const items: HTMLElement[] = [];
    for (const { e, where } of errors) {
      let line = e.line ?? null;
      let column = e.column ?? null;
      let message = e.shown ?? e.message;
      if (line === null) {
        // Script-level errors name their line in the message ("line 2: Flink rejects …").
        const m = /^line (\d+)(?:, column (\d+))?: /.exec(message);
        if (m) {
          line = Number(m[1]);
          column = m[2] ? Number(m[2]) : 1;
          message = message.slice(m[0].length);
        }
      }
      const hint = e.hint ?? null;
      if (line !== null) {
        marks.push({ message: hint ? `${firstLine(message)} — ${plain(hint)}` : message, line, column: column ?? 1, endLine: e.end_line ?? undefined, endColumn: e.end_column ?? undefined });
      }
      const hintAt = e.hint_line != null && (e.hint_line !== line || e.hint_column !== column) ? { line: e.hint_line, column: e.hint_column ?? 1 } : null;
      if (hint && hintAt) {
        // the hint's own place: underlined too, its sentence beside it unless the error's line has it
        marks.push({ message: plain(hint), line: hintAt.line, column: hintAt.column, endLine: e.hint_end_line ?? undefined, endColumn: e.hint_end_column ?? undefined, quiet: hintAt.line === line });
      }
      const pos = line !== null ? this.position(`Line ${line}${column !== null ? `, column ${column}` : ''}`, line, column ?? 1, 'error-position') : null;
      const details = h('details', {}, h('summary', {}, 'Details'), h('pre', { class: 'jl-pre' }, e.text));
      const hintEl = hint
        ? h(
            'p',
            { class: 'jl-error-hint', 'data-testid': 'error-hint' },
            h('span', { class: 'jl-error-hint-label' }, 'Hint: '),
            ...withCode(hint),
            hintAt ? ' (' : '',
            hintAt ? this.position(`line ${hintAt.line}, column ${hintAt.column}`, hintAt.line, hintAt.column, 'hint-position') : '',
            hintAt ? ')' : '',
          )
        : null;
      items.push(
        h(
          'li',
          {},
          pos,
          pos ? ': ' : '',
          h('span', { class: 'jl-error-message', 'data-testid': 'error-message' }, message),
          h('span', { class: 'jl-muted' }, ` (${e.kind}, ${where})`),
          hintEl,
          details,
        ),
      );
    }
    if (extra) items.push(h('li', {}, extra));
    this.underline(marks);
    this.element.hidden = items.length === 0;
    this.element.replaceChildren(...(items.length ? [h('ul', {}, ...items)] : []));
  }
}

/** A hint without its code quotes (the editor's line messages are plain text). */
function plain(s: string): string {
  return s.replace(/`/g, '');
}

function firstLine(s: string): string {
  return s.split('\n')[0];
}
