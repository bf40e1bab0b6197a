// The script editor: CodeMirror 6 with SQL highlighting. Engine errors are underlined over
// their whole span, with the message shown at the end of the line (and in the lint tooltip);
// `goTo` moves the cursor to a position (the errors pane's links). Tab leaves the editor by
// default (CodeMirror's tab-focus mode, so keyboard users are never trapped); Ctrl-M switches
// Tab to indenting, and then Esc, Tab still leaves — a line under the editor says so.

import { autocompletion, type Completion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { SQLDialect, sql, StandardSQL } from '@codemirror/lang-sql';
import { bracketMatching, defaultHighlightStyle, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { Compartment, EditorState, type Extension, RangeSetBuilder, StateEffect, StateField } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  hoverTooltip,
  showPanel,
} from '@codemirror/view';

export interface ScriptError {
  message: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  /** Underline only: no message at the end of the line (another mark of the line has it). */
  quiet?: boolean;
}

const setInline = StateEffect.define<{ line: number; message: string }[]>();

/** The error messages shown at the end of their lines (as line attributes, drawn by CSS). */
const inlineMessages = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setInline)) continue;
      const b = new RangeSetBuilder<Decoration>();
      const byLine = new Map<number, string>();
      for (const m of e.value) byLine.set(m.line, byLine.has(m.line) ? `${byLine.get(m.line)} · ${m.message}` : m.message);
      const sorted = [...byLine].map(([line, message]) => ({ line, message })).sort((a, c) => a.line - c.line);
      for (const m of sorted) {
        if (m.line < 1 || m.line > tr.state.doc.lines) continue;
        // A line attribute drawn by CSS (::after), so the message is not part of the script's text.
        const at = tr.state.doc.line(m.line).from;
        b.add(at, at, Decoration.line({ attributes: { 'data-error': m.message, class: 'cm-error-line' } }));
      }
      deco = b.finish();
    }
    if (tr.docChanged) deco = Decoration.none;
    return deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.5' },
  '.cm-content': { padding: '6px 0' },
  '.cm-gutters': { background: 'var(--panel-2)', border: 'none', color: 'var(--muted)' },
  '.cm-panels': { background: 'var(--panel-2)', color: 'var(--muted)' },
  '.cm-panels-bottom': { borderTop: '1px solid var(--jl-border, #e5e7eb)' },
  '.jl-editor-tab-hint': { padding: '1px 8px', fontSize: '11px', fontFamily: 'system-ui, sans-serif' },
});

/** Standard SQL plus the Flink SQL words the playground's scripts use. */
const FlinkSQL = SQLDialect.define({
  ...StandardSQL.spec,
  keywords: `${StandardSQL.spec.keywords ?? ''} watermark descriptor tumble hop cumulate session explain describe show temporary function unnest ordinality enforced changelog_mode`,
  types: `${StandardSQL.spec.types ?? ''} string timestamp_ltz tinyint bigint double bytes multiset map row array`,
  identifierQuotes: '`',
  specialVar: '$',
});
const dialect = sql({ dialect: FlinkSQL, upperCaseKeywords: true });

/** A script longer than this (chars) is not parsed for highlighting: CodeMirror parses from the
 * start to the view, and a pasted 100,000-row script (8.5 MB, the view at its end) kept the page's
 * thread busy half the time for seconds (100 ms slices) while the engine ran beside it. */
const HIGHLIGHT_MAX_CHARS = 2_000_000;
const highlighted = (length: number) => length <= HIGHLIGHT_MAX_CHARS;

let hintIds = 0;
/** The line under the editor: how to leave it with the keyboard. */
/** CodeMirror's default colours, but with 4.5:1 contrast on white and on the active line (WCAG
 * AA; axe color-contrast): its #e40 (quoted identifiers, escapes) and #f00 (invalid) were too light. */
const DARKER: Record<string, string> = { '#e40': '#b93d00', '#f00': '#c81e1e' };
const highlightStyle = HighlightStyle.define(defaultHighlightStyle.specs.map((s) => (typeof s.color === 'string' && DARKER[s.color] ? { ...s, color: DARKER[s.color] } : s)));

const TAB_HINT = 'Tab leaves the editor · Ctrl-M makes Tab indent, then Esc then Tab leaves the editor';

/** The engine's help while writing (issue 20): completion and hover at a UTF-16 offset. */
export interface EditorAssist {
  complete(doc: string, pos: number): Promise<{ replace: number; items: { label: string; kind: string; detail: string; apply?: string }[] } | null>;
  hover(doc: string, pos: number): Promise<string | null>;
}

/** CodeMirror's icon type for a suggestion's kind. */
const TYPES: Record<string, string> = { keyword: 'keyword', table: 'class', column: 'property', function: 'function', option: 'property', value: 'constant', hint: 'keyword', template: 'text' };

/** Completion and hover from the engine (no second SQL parser here): the first option is not
 * selected when the list opens, so Enter still breaks the line; ↓ then Enter (or a click) picks. */
function assistExtensions(a: EditorAssist, doc: () => string): Extension[] {
  const source = async (ctx: CompletionContext): Promise<CompletionResult | null> => {
    const before = ctx.state.sliceDoc(Math.max(0, ctx.pos - 1), ctx.pos);
    if (!ctx.explicit && !/[\w.'(`$ ]/.test(before)) return null;
    const r = await a.complete(doc(), ctx.pos);
    if (!r || !r.items.length || ctx.aborted) return null;
    const options: Completion[] = r.items.map((i) => ({ label: i.label, type: TYPES[i.kind] ?? 'text', detail: i.detail || undefined, apply: i.apply }));
    return { from: ctx.pos - r.replace, options, validFor: /^[\w$.]*$/ };
  };
  return [
    autocompletion({ override: [source], selectOnOpen: false, icons: true }),
    hoverTooltip(async (_view, pos) => {
      const text = await a.hover(doc(), pos);
      if (!text) return null;
      return {
        pos,
        create: () => {
          const dom = document.createElement('div');
          dom.className = 'jl-hover';
          dom.dataset.testid = 'editor-hover';
          dom.textContent = text;
          return { dom };
        },
      };
    }),
  ];
}

export interface EditorOptions {
  parent: HTMLElement;
  doc: string;
  readonly?: boolean;
  /** The text changed (read it with `doc`); `whole`: by a paste or a drop, an edit that is
   * complete as it is (no more keys of it to wait for). */
  onChange?: (whole: boolean) => void;
  onRun?: () => void;
  label?: string;
  /** Completion and hover (not in read-only embeds). */
  assist?: EditorAssist;
}

export class ScriptEditor {
  readonly view: EditorView;
  private readonly readOnly = new Compartment();
  private readonly language = new Compartment();

  constructor(opts: EditorOptions) {
    const tabHintId = `jl-tab-hint-${++hintIds}`;
    const extensions: Extension[] = [
      lineNumbers(),
      highlightActiveLineGutter(),
      history(),
      drawSelection(),
      indentOnInput(),
      bracketMatching(),
      highlightActiveLine(),
      syntaxHighlighting(highlightStyle, { fallback: true }),
      this.language.of(highlighted(opts.doc.length) ? dialect : []),
      EditorState.transactionExtender.of((tr) =>
        tr.docChanged && highlighted(tr.newDoc.length) !== highlighted(tr.startState.doc.length)
          ? { effects: this.language.reconfigure(highlighted(tr.newDoc.length) ? dialect : []) }
          : null,
      ),
      lintGutter(),
      inlineMessages,
      theme,
      EditorView.lineWrapping,
      keymap.of([
        { key: 'Mod-Enter', run: () => (opts.onRun?.(), true) },
        indentWithTab,
        ...defaultKeymap,
        ...historyKeymap,
      ]),
      // tabindex: a tab stop even when read-only, so that the keyboard can scroll the script (axe's
      // scrollable-region-focusable does not count contenteditable as focusable).
      EditorView.contentAttributes.of({ 'data-testid': 'editor', tabindex: '0', 'aria-label': opts.label ?? 'SQL script', ...(opts.readonly ? {} : { 'aria-describedby': tabHintId }) }),
      // the keyboard line (a read-only embed has nothing to indent)
      showPanel.of(opts.readonly ? null : () => {
        const dom = document.createElement('div');
        dom.className = 'jl-editor-tab-hint';
        dom.id = tabHintId;
        dom.dataset.testid = 'editor-tab-hint';
        dom.textContent = TAB_HINT;
        return { dom, top: false };
      }),
      this.readOnly.of(this.readOnlyExt(!!opts.readonly)),
      opts.assist && !opts.readonly ? assistExtensions(opts.assist, () => this.doc) : [],
      EditorView.updateListener.of((u) => {
        // Lazy: joining a 5 MB document on every key is not free; `doc` joins it when read.
        // (a paste or a drop is one whole edit: the playground runs it without waiting for more)
        if (u.docChanged) opts.onChange?.(u.transactions.some((tr) => tr.isUserEvent('input.paste') || tr.isUserEvent('input.drop')));
      }),
    ];
    this.view = new EditorView({ parent: opts.parent, state: EditorState.create({ doc: opts.doc, extensions }) });
    this.view.setTabFocusMode(true);
  }

  /** Moves the cursor to a script position (1-based line and column), scrolls it into view and focuses the editor. */
  goTo(line: number, column: number): void {
    const doc = this.view.state.doc;
    if (line < 1 || line > doc.lines) return;
    const l = doc.line(line);
    const at = Math.min(l.from + Math.max(0, column - 1), l.to);
    this.view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
    this.view.focus();
  }

  /** Writes `text` at the cursor (replacing the selection) and focuses the editor. */
  insert(text: string): void {
    const r = this.view.state.selection.main;
    this.view.dispatch({ changes: { from: r.from, to: r.to, insert: text }, selection: { anchor: r.from + text.length }, scrollIntoView: true });
    this.view.focus();
  }

  private readOnlyExt(ro: boolean): Extension {
    return [EditorState.readOnly.of(ro), EditorView.editable.of(!ro)];
  }

  setReadOnly(ro: boolean): void {
    this.view.dispatch({ effects: this.readOnly.reconfigure(this.readOnlyExt(ro)) });
  }

  /** The text, joined once per document version (a 5 MB script is read on every step). */
  get doc(): string {
    const d = this.view.state.doc;
    if (this.joined?.d !== d) this.joined = { d, s: d.toString() };
    return this.joined.s;
  }
  private joined: { d: unknown; s: string } | null = null;

  /** Replaces the whole text (keeps undo history, so a gallery pick can be undone). */
  setDoc(text: string): void {
    if (text === this.doc) return;
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text } });
  }

  /** Underlines the errors and shows their messages beside them. */
  setErrors(errors: ScriptError[]): void {
    const doc = this.view.state.doc;
    const diagnostics: Diagnostic[] = [];
    for (const e of errors) {
      if (e.line < 1 || e.line > doc.lines) continue;
      const line = doc.line(e.line);
      const from = Math.min(line.from + Math.max(0, e.column - 1), line.to);
      let to = from;
      if (e.endLine && e.endColumn && e.endLine >= e.line && e.endLine <= doc.lines) {
        to = Math.min(doc.line(e.endLine).from + e.endColumn, doc.line(e.endLine).to);
      }
      if (to <= from) {
        // Underline at least the word at the position (or one character).
        const rest = doc.sliceString(from, line.to);
        const m = /^[\w$.'"`]+/.exec(rest);
        to = Math.min(from + (m ? m[0].length : 1), line.to);
        if (to === from && from > line.from) return void diagnostics.push({ from: from - 1, to: from, severity: 'error', message: e.message });
      }
      diagnostics.push({ from, to, severity: 'error', message: e.message });
    }
    const inline = errors.filter((e) => e.line >= 1 && !e.quiet).map((e) => ({ line: e.line, message: firstLine(e.message) }));
    this.view.dispatch(setDiagnostics(this.view.state, diagnostics), { effects: setInline.of(inline) });
  }

  focus(): void {
    this.view.focus();
  }

  destroy(): void {
    this.view.destroy();
  }
}

function firstLine(s: string): string {
  const l = s.split('\n')[0];
  return l.length > 160 ? `${l.slice(0, 157)}…` : l;
}
