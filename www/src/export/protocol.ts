// Messages between the page and the exporter's worker (export/worker.ts).

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
