// The page's result table is the engine's: for every gallery example and generated-data script,
// in both dialects, ResultTable (www/src/model/result-table.ts, the changelog the page received,
// applied) after the last data step equals the trace's `materialized_unbounded`, and after the
// end of input its `materialized_bounded`, also when reached going back from the end (the table
// undoes the rows in between rather than replaying from the start). The wasm build the page uses (www/pkg, from
// `npm run build`) runs in Node; no browser needed.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { unpackTrace } from '../../www/src/engine/unpack';
import { buildModel, ResultTable } from '../../www/src/model/index';
import { EXAMPLES_DIR, exampleScript, ROOT } from './helpers';

const PKG = path.join(ROOT, 'www/pkg');

interface Wasm {
  Session: new () => { load(script: string, dialect: string): Uint8Array; free(): void };
}

let wasm: Wasm | null = null;

async function engine(): Promise<Wasm> {
  if (!wasm) {
    const mod = await import(path.join(PKG, 'joinlab_wasm.js'));
    await mod.default({ module_or_path: readFileSync(path.join(PKG, 'joinlab_wasm_bg.wasm')) });
    wasm = mod as unknown as Wasm;
  }
  return wasm;
}

const scripts: { name: string; script: string }[] = [
  ...readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => ({ name: f.slice(0, -4), script: exampleScript(readFileSync(path.join(EXAMPLES_DIR, f), 'utf8')) })),
  ...readdirSync(path.join(ROOT, 'tests/mock'))
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => ({ name: `mock/${f.slice(0, -4)}`, script: readFileSync(path.join(ROOT, 'tests/mock', f), 'utf8') })),
];

for (const { name, script } of scripts) {
  test(`result table = the engine's materialized tables: ${name}`, async () => {
    const { Session } = await engine();
    let checked = 0;
    for (const dialect of ['confluent', 'flink']) {
      const session = new Session();
      const trace = unpackTrace(session.load(script, dialect));
      session.free();
      trace.queries.forEach((q, qi) => {
        if (q.error || q.runtime_error) return;
        const model = buildModel(trace, qi, q.zone);
        const table = new ResultTable(model);
        const lines = (p: number) => {
          const rows = table.at(p);
          return [...rows.slice(0, rows.length).map((r) => r.text), ...table.warnings];
        };
        const what = `${dialect}, query ${q.index}`;
        if (q.materialized_unbounded) {
          expect(lines(model.dataSteps), `${what}: after the last data step`).toEqual(q.materialized_unbounded);
          checked++;
        }
        if (model.hasEnd && q.materialized_bounded) {
          expect(lines(model.steps.length), `${what}: after the end of input`).toEqual(q.materialized_bounded);
          checked++;
          // Going back (the table undoes the rows in between) and forward again gives the same tables.
          if (q.materialized_unbounded) {
            expect(lines(model.first), `${what}: back to the first position`).toEqual(new ResultTable(model).at(model.first).slice(0, Number.MAX_SAFE_INTEGER).map((r) => r.text));
            expect(lines(model.dataSteps), `${what}: after the last data step, coming back from the end`).toEqual(q.materialized_unbounded);
            expect(lines(model.steps.length), `${what}: after the end of input, again`).toEqual(q.materialized_bounded);
          }
        }
      });
    }
    expect(checked, 'tables compared').toBeGreaterThan(0);
  });
}
