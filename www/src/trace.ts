// TypeScript types of what the wasm session returns: the trace (docs/trace.md, schema version 1)
// and the state at a step. They mirror crates/engine/src/trace.rs. serde-wasm-bindgen turns a
// Rust `None` into `undefined`, so optional fields are `?: T | null`.

export const TRACE_VERSION = 1;

export type Dialect = 'confluent' | 'flink';
export type RowKind = '+I' | '-U' | '+U' | '-D';
export type EndMode = 'both' | 'bounded' | 'unbounded';
export type ChangelogMode = 'insert' | 'upsert' | 'upsert-partial-delete' | 'retract';
export type ErrorKind = 'parse' | 'validation' | 'table' | 'harness' | 'unsupported' | 'runtime';

/** Step numbers of the source rows a row is made of. */
export type Lineage = number[];

export interface FieldInfo {
  name: string;
  type: string;
}

export interface TableInfo {
  name: string;
  /** Where its rows come from: `script`, `datagen` (generated), `examples` (the read-only catalog). */
  origin: 'script' | 'datagen' | 'examples';
  columns: FieldInfo[];
  rowtime?: string | null;
  watermark?: string | null;
  changelog: ChangelogMode;
}

export interface ErrorInfo {
  kind: ErrorKind;
  message: string;
  /** The exception chain as the CLI prints it. */
  text: string;
  /** 1-based script positions; absent when Flink's message has none. */
  line?: number | null;
  column?: number | null;
  end_line?: number | null;
  end_column?: number | null;
}

export interface StatementOutput {
  line: number;
  header: string;
  text: string;
  error?: ErrorInfo | null;
}

/** A window on the window clock; `label` is `[start, end)` as the window columns print. */
export interface WindowRef {
  start_ms: number;
  end_ms: number;
  label: string;
}

export interface OperatorInfo {
  id: number;
  kind: string;
  label: string;
  inputs: number[];
  table?: string | null;
  updating: boolean;
}

export interface StateGroup {
  side: string;
  key: string[];
  window?: WindowRef | null;
  rows: string[][];
  /** Per row: `×2` (copies held), `matches: 1` (outer sides of a regular join); '' when nothing. */
  row_notes: string[];
}

export interface StateSummary {
  op: number;
  rows: number;
  /** Empty in the trace's steps; filled by `Session.stateAt`. */
  groups: StateGroup[];
}

export interface OutRow {
  kind: RowKind;
  row: string[];
  /** `+I[…]` exactly as the CLI prints it. */
  text: string;
  /** The steps whose input rows made it. */
  lineage: number[];
}

/** `*_ms` times are epoch milliseconds; `null` means ±infinity (the `text` says `+inf`). */
export type Event =
  | { type: 'source_row'; op: number; table: string; kind: RowKind; row: string[]; rowtime_ms?: number | null }
  | { type: 'watermark'; op: number; value_ms: number | null; text: string }
  | { type: 'input_watermark'; op: number; input: number; value_ms: number | null; text: string; held_by?: string | null }
  | { type: 'window_assign'; op: number; windows: WindowRef[] }
  | {
      type: 'state_insert';
      op: number;
      side: string;
      key: string[];
      window?: WindowRef | null;
      row: string[];
      lineage: Lineage;
      rows_in_state: number;
    }
  | { type: 'state_expire'; op: number; side: string; key: string[]; window?: WindowRef | null; rows: number; reason: string }
  | {
      type: 'window_fire';
      op: number;
      window: WindowRef;
      key: string[];
      left_rows: number;
      right_rows: number;
      watermark_ms: number | null;
    }
  | { type: 'late_drop'; op: number; side: string; row: string[]; window: WindowRef; watermark_ms: number | null; lineage: Lineage }
  | { type: 'null_time_drop'; op: number; row: string[] }
  | { type: 'filtered'; op: number; row: string[] }
  | { type: 'unchanged'; op: number; key: string[]; row: string[] }
  | { type: 'emit'; op: number; kind: RowKind; row: string[]; lineage: Lineage }
  | { type: 'output'; kind: RowKind; row: string[]; lineage: Lineage }
  | { type: 'source_end'; op: number; table: string };

export type EventType = Event['type'];
export type EventOf<T extends EventType> = Extract<Event, { type: T }>;

export interface Step {
  /** 1-based as the oracle numbers them; the end of input has the number after the last step. */
  index: number;
  kind: 'row' | 'watermark' | 'end';
  table?: string | null;
  /** Script line of the data line (0 for the end of input). */
  line: number;
  /** The `# step N:` line's text. */
  text: string;
  row_kind?: RowKind | null;
  values: string[];
  event_time_ms?: number | null;
  /** The simulated processing-time clock at this step (PROCTIME(), state TTL). */
  proc_time_ms: number;
  watermarks: string[];
  events: Event[];
  output: OutRow[];
  state: StateSummary[];
  /** One plain sentence: what happened and why. */
  summary: string;
}

export interface QueryTrace {
  /** 1-based. */
  index: number;
  sql: string;
  line: number;
  /** The session time zone (`table.local-time-zone`) the query's values and LTZ windows use. */
  zone: string;
  notes: string[];
  schema: FieldInfo[];
  plan: string;
  operators: OperatorInfo[];
  end_mode: EndMode;
  steps: Step[];
  end?: Step | null;
  materialized_unbounded?: string[] | null;
  materialized_bounded?: string[] | null;
  error?: ErrorInfo | null;
  runtime_error?: ErrorInfo | null;
  failed_step?: number | null;
  /** `[operator id, rows dropped as late]` pairs. */
  late_rows: [number, number][];
}

export interface ScriptTrace {
  version: number;
  dialect: Dialect;
  notes: string[];
  tables: TableInfo[];
  statements: StatementOutput[];
  queries: QueryTrace[];
  harness_error?: ErrorInfo | null;
}
