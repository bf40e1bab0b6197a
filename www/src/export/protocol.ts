// Messages between the page and the exporter's worker (export/worker.ts), which also answers
// "why is this row (not) in the result?" (issue 19: `joinlab explain-row`).

/** `joinlab export --target` (docs/export.md). */
export type ExportTarget = 'flink' | 'confluent';

export interface ExportRequest {
  id: number;
  script: string;
  target: ExportTarget;
  /** The dialect the page runs the script in (`flink` or `confluent`). */
  dialect: string;
}

/** The exported script and what it could not export faithfully (each also a `-- JoinLab:`
 * comment in the text), or the message `joinlab export` prints for a script it cannot export
 * (`load`: the exporter itself did not load). */
export type ExportReply = { id: number; text: string; unfaithful: string[] } | { id: number; error: string; load?: boolean };

/** `joinlab explain-row`: why the row `row` (`TABLE#K`) is or is not in query `query`'s result. */
export interface ExplainRequest {
  id: number;
  kind: 'explain';
  script: string;
  dialect: string;
  /** From 1. */
  query: number;
  row: string;
  /** A second row (`TABLE#K`, another table's): why these two did or did not join (`--with`). */
  with?: string;
}

/** The answer (`steps`: the steps it names; `text`: what the CLI prints), or why there is none. */
export type ExplainReply = { id: number; question: string; answer: string; steps: number[]; step: number; withStep?: number; text: string } | { id: number; error: string; load?: boolean };

/** The editor's help (issue 20), answered by the engine: completion or hover at UTF-16 offset
 * `pos` of `script`, or every table the script can read (the schema browser). */
export interface AssistRequest {
  id: number;
  kind: 'complete' | 'hover' | 'schema';
  script: string;
  pos: number;
  dialect: string;
}

/** A completion's suggestion (the engine's `complete::Suggestion`). */
export interface Suggestion {
  label: string;
  kind: 'keyword' | 'table' | 'column' | 'function' | 'option' | 'value' | 'hint' | 'template';
  detail: string;
  apply?: string;
}

/** A table of the schema browser (the engine's `complete::SchemaTable`). */
export interface SchemaTable {
  name: string;
  origin: 'script' | 'examples' | 'external';
  columns: { name: string; type: string; kind: 'physical' | 'computed' | 'metadata' }[];
  primary_key: string[];
  watermark: string | null;
  changelog: 'append' | 'upsert' | 'retract';
  connector: string | null;
}

/** `complete`: what replaces the `replace` units before the cursor; `hover`: its text (null: none);
 * `schema`: the tables. */
export type AssistReply =
  | { id: number; replace: number; items: Suggestion[] }
  | { id: number; hover: string | null }
  | { id: number; tables: SchemaTable[] }
  | { id: number; error: string; load?: boolean };
