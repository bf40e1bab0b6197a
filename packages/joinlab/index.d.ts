// Types of the `joinlab` package: JoinLab's engine (Apache Flink SQL join semantics, compiled to
// wasm) in Node. Every value comes from the text the engine prints (the oracle's text format, what
// `joinlab run` prints); `text` holds it whole.

/** `confluent` (Confluent Cloud for Apache Flink, the default) or `flink` (Apache Flink). */
export type Dialect = 'confluent' | 'flink';

export interface RunOptions {
  /** Default `confluent`, as the CLI's. An unknown name throws a TypeError. */
  dialect?: Dialect;
}

/** A change kind of Flink's changelog. */
export type RowKind = '+I' | '-U' | '+U' | '-D';

/** One row of a query's changelog. */
export interface ChangelogRow {
  /**
   * What made it: the 1-based input step (`# step N` in the text), `'start'` for a row emitted as
   * the job started (`# at job start`, e.g. VALUES), `'end'` for one emitted at the end of input
   * (`# ---- end of input ----`: the final watermark, +inf, fired windows and timers).
   */
  step: number | 'start' | 'end';
  /** The change kind, e.g. `'+I'`. */
  kind: RowKind;
  /** The row as Flink prints it, brackets included, e.g. `'[1, Apple]'` (NULL as `NULL`). */
  row: string;
}

/** One column of a query's result schema. */
export interface Column {
  /** e.g. `order_id` */
  name: string;
  /** Flink's type text, e.g. `INT`, `TIMESTAMP(3) *ROWTIME*`, `STRING NOT NULL`. */
  type: string;
}

/** One query of the script (a SELECT, or an INSERT INTO … SELECT), in script order. */
export interface Query {
  /** The 1-based number of `== query N`. */
  index: number;
  /**
   * The query's text as its `== query N: …` header shows it (long ones cut with `...`); empty when
   * the header has none (`== query 1` alone, as for a script's only query).
   */
  sql: string;
  /** The `# note:` lines of the query (without `# note: `), e.g. `arrival as-written`. */
  notes: string[];
  /** The schema as printed, e.g. `(order_id INT, name STRING)`; null when the query failed to plan. */
  schema: string | null;
  /** The schema's columns. */
  columns: Column[];
  /** Every changelog row in order (a partial changelog when the run failed at run time). */
  changelog: ChangelogRow[];
  /** True when the run stopped with a runtime error (`== changelog (partial)`). */
  partial: boolean;
  /**
   * The final materialized table: the bounded one (after end of input, watermark +inf) when the
   * output has it, else the unbounded one (at end of script, `SET 'oracle.mode' = 'unbounded'`);
   * rows as in `changelog`, e.g. `'[1, Apple]'`; null when the query failed.
   */
  result: string[] | null;
  /** Which table `result` is. */
  resultMode: 'bounded' | 'unbounded' | null;
  /** The table materialized at the end of the script, before the end of input (null if not printed). */
  unbounded: string[] | null;
  /** The table materialized after the end of input (null if not printed). */
  bounded: string[] | null;
  /** The error's text (Flink's exception message, several lines possibly), or null. */
  error: string | null;
  /** `'error'`: the query failed to plan or validate; `'runtime error'`: it failed while running. */
  errorKind: 'error' | 'runtime error' | null;
}

export interface RunResult {
  /** What `joinlab run FILE.sql --dialect D` prints for the script, byte for byte. */
  text: string;
  /** The queries, in script order. */
  queries: Query[];
  /** A script-level error (`== harness error`: the script could not run, no queries), or null. */
  error: string | null;
  errorKind: 'harness error' | null;
}

/** Runs a script (Flink SQL, data as `@Table v | v` lines or INSERTs) and returns its queries. */
export function run(script: string, options?: RunOptions): RunResult;

/** What `joinlab run FILE.sql --dialect D` prints for the script. */
export function runToText(script: string, options?: RunOptions): string;

/** Reads text in the engine's (and the oracle's) output format into a RunResult. */
export function parseOutput(text: string): RunResult;

/** `joinlab export --target`: Apache Flink's SQL client (tables on Kafka) or Confluent Cloud. */
export type ExportTarget = 'flink' | 'confluent';

export interface ExportOptions {
  target: ExportTarget;
  /** The dialect the script is run in to prepare it (default `confluent`, as `run`). */
  dialect?: Dialect;
}

export interface ExportResult {
  /** The script for the target (what `joinlab export` prints). */
  text: string;
  /** What could not be exported faithfully; each is also a `-- JoinLab:` comment in `text`. */
  unfaithful: string[];
}

/** The script written for a real engine (docs/export.md); throws an Error with the message
 * `joinlab export` prints for a script JoinLab cannot run. */
export function exportScript(script: string, options: ExportOptions): ExportResult;

export interface ExplainOptions {
  /** `TABLE#K`: the table's K-th row in arrival order, counting from 1. */
  row: string;
  /** A row of the other side (`TABLE#K`): asks why `row` and this row did or did not join with
   * each other (`joinlab explain-row --with`). */
  with?: string;
  /** The query, from 1 (default 1). */
  query?: number;
  /** The dialect the script runs in (default `confluent`, as `run`). */
  dialect?: Dialect;
}

export interface RowExplanation {
  /** The row's step. */
  step: number;
  /** The `with` row's step (a pair only). */
  withStep?: number;
  /** `Why this output?`, `Why didn't this join?` or `Why is it not in the result?`. */
  question: string;
  /** One or two sentences (docs/explain.md). */
  answer: string;
  /** The steps the answer names. */
  steps: number[];
  /** What `joinlab explain-row` prints. */
  text: string;
}

/** Why a row is or is not in a query's result (`joinlab explain-row`, docs/explain.md), or, with
 * `options.with`, why two rows did or did not join with each other (`--with`); throws an Error
 * with the CLI's message when there is no such query, table or row (or both rows are of one table). */
export function explainRow(script: string, options: ExplainOptions): RowExplanation;
