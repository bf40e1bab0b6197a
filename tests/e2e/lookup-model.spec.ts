// The page model's lookup stores (www/src/model/lookup.ts), in Node (no browser): the store it
// rebuilds from the trace's `lookup_store` events equals the engine's own store (`Session.stateAt`,
// a re-run to the step) after every step of every lookup-join conformance script and gallery
// example, every found row is one of its rows, and its size agrees with the trace's. Then the
// optional fields the search functions add to the trace (`Lookup.function`, `Lookup.roles`,
// `LookupMatch.score`), put into a real trace by hand since no engine emits them yet: the
// sentence names the function and each row's score, and says which argument named which column.
// The wasm build the page uses (www/pkg) runs in Node.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { unpackTrace, unpackValue } from '../../www/src/engine/unpack';
import { buildModel, storeAt } from '../../www/src/model/index';
import { lookupWords } from '../../www/src/panes/lookup-words';
import type { StateSummary } from '../../www/src/trace';
import { EXAMPLES_DIR, exampleScript, ROOT } from './helpers';

const PKG = path.join(ROOT, 'www/pkg');

interface Session {
  load(script: string, dialect: string): Uint8Array;
  stateAt(query: number, steps: number): Uint8Array;
  free(): void;
}
interface Wasm {
  Session: new () => Session;
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

const CONFORMANCE = path.join(ROOT, 'tests/conformance/lookup_join');
const scripts: { name: string; script: string }[] = [
  ...readdirSync(CONFORMANCE)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => ({ name: `lookup_join/${f.slice(0, -4)}`, script: readFileSync(path.join(CONFORMANCE, f), 'utf8') })),
  ...readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith('.sql') && /lookup/.test(f))
    .sort()
    .map((f) => ({ name: f.slice(0, -4), script: exampleScript(readFileSync(path.join(EXAMPLES_DIR, f), 'utf8')) })),
];

test("the rebuilt store is the engine's store after every step", async () => {
  const { Session } = await engine();
  let checked = 0;
  for (const { name, script } of scripts) {
    const s = new Session();
    const trace = unpackTrace(s.load(script, 'flink'));
    trace.queries.forEach((q, qi) => {
      if (q.error || !q.steps.length) return;
      const m = buildModel(trace, qi, q.zone);
      for (const v of m.lookups) {
        expect(v.exact, `${name} query ${qi + 1}: store sizes`).toBe(true);
        for (let p = m.first; p <= m.steps.length; p++) {
          const engineRows = (unpackValue<StateSummary[]>(s.stateAt(qi, p)).find((x) => x.op === v.op)?.groups ?? []).flatMap((g) => g.rows.map((r) => r.join(' | ')));
          expect(storeAt(v, p).map((r) => r.row.join(' | ')), `${name} query ${qi + 1} step ${p}`).toEqual(engineRows);
          checked++;
        }
        for (const r of v.probes) for (const f of r.found) expect(f.entry, `${name} query ${qi + 1} step ${r.pos}: found row in the store`).not.toBeNull();
      }
    });
    s.free();
  }
  // 19 scripts, about 550 (operator, step) pairs.
  expect(checked).toBeGreaterThan(400);
});

test('the search functions: function, roles and scores in the sentence (fields put in by hand)', async () => {
  const { Session } = await engine();
  const s = new Session();
  const script = exampleScript(readFileSync(path.join(EXAMPLES_DIR, '42_lookup_join_customers.sql'), 'utf8'));
  const trace = unpackTrace(s.load(script, 'flink'));
  s.free();
  // Query 2 (LEFT lookup), step 3: order 100 finds Alice silver. Dress it as a key search.
  const step = trace.queries[1].steps[2];
  const ev = step.events.find((e) => e.type === 'lookup');
  if (!ev || ev.type !== 'lookup') throw new Error('no lookup event at step 3');
  Object.assign(ev, { function: 'KEY_SEARCH_AGG', roles: 'id (DESCRIPTOR) is a column of customers; cust_id is the search value' });
  Object.assign(ev.found[0], { score: '1.0' });
  const m = buildModel(trace, 1, trace.queries[1].zone);
  const v = m.lookups[0];
  const r = v.probesAt[3][0];
  expect(r.function).toBe('KEY_SEARCH_AGG');
  expect(r.found[0].score).toBe('1.0');
  expect(lookupWords(v, r)).toBe(
    'KEY_SEARCH_AGG searched customers for id 1: 1 row (Alice, silver, score 1.0) (id (DESCRIPTOR) is a column of customers; cust_id is the search value); the update at step 5 comes later and will not change this row',
  );
  // Without the fields (today's traces) the same lookup reads as Flink's lookup join.
  const s2 = new Session();
  const plainTrace = unpackTrace(s2.load(script, 'flink'));
  s2.free();
  const pm = buildModel(plainTrace, 1, plainTrace.queries[1].zone);
  const pr = pm.lookups[0].probesAt[3][0];
  expect(pr.function).toBeNull();
  expect(pr.found[0].score).toBeNull();
  expect(lookupWords(pm.lookups[0], pr)).toBe('id 1 looked up in customers: 1 row (Alice, silver); the update at step 5 comes later and will not change this row');
});

test('a store whose changes the trace does not record: each found row stands alone', async () => {
  const { Session } = await engine();
  const s = new Session();
  const trace = unpackTrace(s.load(exampleScript(readFileSync(path.join(EXAMPLES_DIR, '42_lookup_join_customers.sql'), 'utf8')), 'flink'));
  s.free();
  const q = trace.queries[1];
  for (const st of q.steps) st.events = st.events.filter((e) => e.type !== 'lookup_store');
  const m = buildModel(trace, 1, q.zone);
  const v = m.lookups[0];
  expect(v.changes).toHaveLength(0);
  // Step 3: order 100 found Alice silver (written at step 1, its lineage).
  const f = v.probesAt[3][0].found[0];
  expect(f.entry?.row).toEqual(['1', 'Alice', 'silver']);
  expect(f.entry?.pos).toBe(1);
  expect(storeAt(v, 3)).toHaveLength(0);
});
