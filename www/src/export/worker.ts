// The exporter's Web Worker (the page's Export button: export/panel.ts). It loads the npm
// package's wasm (packages/joinlab/wasm: the engine with its `export` feature, which the page's own
// module leaves out for its size budget) the first time the button is pressed, and answers
// `joinlab export` for one script at a time, off the main thread: a script of 100,000 INSERT rows
// exports without freezing the tab. It also answers the page's "Why?" (panes/why-row.ts) with
// `joinlab explain-row` (and its `--with`: two rows), which the page's own module leaves out too. The module is the same build the npm package ships, so the
// page, `npx joinlab export` and the native CLI write the same text (tests/e2e/export.spec.ts).
// The editor's completion, hover and schema browser (issue 20) are answered here too.

import init, { completeAt, explainPair, explainRow, exportScript, hoverAt, schemaOf } from '../../../packages/joinlab/wasm/joinlab_wasm.js';
import wasmUrl from '../../../packages/joinlab/wasm/joinlab_wasm_bg.wasm?url';
import type { AssistReply, AssistRequest, ExplainReply, ExplainRequest, ExportReply, ExportRequest } from './protocol';

let ready: Promise<unknown> | null = null;

self.onmessage = async (e: MessageEvent<ExportRequest | ExplainRequest | AssistRequest>) => {
  const { id } = e.data;
  const post = (m: ExportReply | ExplainReply | AssistReply) => (self as unknown as Worker).postMessage(m);
  try {
    ready ??= init({ module_or_path: wasmUrl });
    await ready;
  } catch (err) {
    ready = null;
    post({ id, error: `the exporter could not be loaded: ${err instanceof Error ? err.message : String(err)}`, load: true });
    return;
  }
  const r = e.data;
  if ('kind' in r && (r.kind === 'complete' || r.kind === 'hover' || r.kind === 'schema')) {
    try {
      if (r.kind === 'complete') post({ id, ...(JSON.parse(completeAt(r.script, r.pos, r.dialect)) as { replace: number; items: [] }) });
      else if (r.kind === 'hover') post({ id, hover: hoverAt(r.script, r.pos, r.dialect) ?? null });
      else post({ id, tables: JSON.parse(schemaOf(r.script, r.dialect)) });
    } catch (err) {
      post({ id, error: err instanceof Error ? err.message : String(err) });
    }
    return;
  }
  if ('kind' in r && r.kind === 'explain') {
    try {
      const a = r.with ? explainPair(r.script, r.dialect, r.query, r.row, r.with) : explainRow(r.script, r.dialect, r.query, r.row);
      post({ id, question: a.question, answer: a.answer, steps: Array.from(a.steps), step: a.step, withStep: a.withStep, text: a.text });
      a.free();
    } catch (err) {
      post({ id, error: err instanceof Error ? err.message : String(err) });
    }
    return;
  }
  const { script, target, dialect } = r as ExportRequest;
  try {
    const e = exportScript(script, target, dialect);
    post({ id, text: e.text, unfaithful: e.unfaithful });
    e.free();
  } catch (err) {
    post({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
