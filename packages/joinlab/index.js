// joinlab: JoinLab's engine (Apache Flink SQL join semantics, compiled to wasm) as a Node API.
// `run(script, { dialect })` runs a script and returns its queries as objects, read from the text
// the engine prints (the oracle's text format, what `joinlab run` prints); index.d.ts documents
// the shape.
import { runText, dialectName, exportScript as exportWith, explainRow as explainWith, explainPair as explainPairWith } from './engine.js';

const ROW = /^([+-][IUD])(\[.*\])$/;
const STEP = /^# step (\d+): (.*)$/;
const ERROR_HEADERS = new Map([
  ['== error', 'error'],
  ['== runtime error', 'runtime error'],
  ['== harness error', 'harness error'],
]);

/** The dialect's canonical name; throws on an unknown one (as `joinlab run --dialect` exits). */
function checkedDialect(dialect) {
  if (dialect === undefined || dialect === null) return 'confluent';
  const d = typeof dialect === 'string' ? dialectName(dialect) : undefined;
  if (!d) throw new TypeError(`unknown dialect '${dialect}' (flink or confluent)`);
  return d;
}

/** Splits `(a INT, b DECIMAL(10, 2), c ROW<x INT, y STRING>)` at its top-level commas. */
function columnsOf(schema) {
  const inner = schema.startsWith('(') && schema.endsWith(')') ? schema.slice(1, -1) : schema;
  const parts = [];
  let depth = 0;
  let quote = null;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '`' || c === "'" || c === '"') quote = c;
    else if (c === '(' || c === '<' || c === '[') depth++;
    else if (c === ')' || c === '>' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => {
      let end;
      if (p.startsWith('`')) {
        end = p.indexOf('`', 1) + 1 || p.length;
      } else {
        end = p.indexOf(' ');
        if (end < 0) end = p.length;
      }
      return { name: p.slice(0, end), type: p.slice(end).trim() };
    });
}

/**
 * Reads the engine's text output (the oracle's format) into `{ error, queries }`.
 * @param {string} text
 */
export function parseOutput(text) {
  const result = { text, error: null, errorKind: null, queries: [] };
  let q = null; // the query being read
  let mode = 'start'; // start | query | explain | schema | changelog | unbounded | bounded | error
  let step = null;
  let errorLines = null;
  const endError = () => {
    if (errorLines === null) return;
    const message = errorLines.join('\n');
    if (q) q.error = message;
    else result.error = message;
    errorLines = null;
  };
  for (const line of text.split('\n')) {
    const header = /^== query (\d+)(?::\s?(.*))?$/.exec(line);
    if (header) {
      endError();
      q = {
        index: Number(header[1]),
        sql: header[2] ?? '',
        notes: [],
        schema: null,
        columns: [],
        changelog: [],
        partial: false,
        result: null,
        resultMode: null,
        unbounded: null,
        bounded: null,
        error: null,
        errorKind: null,
      };
      result.queries.push(q);
      mode = 'query';
      step = null;
      continue;
    }
    if (ERROR_HEADERS.has(line)) {
      endError();
      errorLines = [];
      if (q) q.errorKind = ERROR_HEADERS.get(line);
      else result.errorKind = ERROR_HEADERS.get(line);
      mode = 'error';
      continue;
    }
    if (mode === 'error') {
      if (line.startsWith('# note: ')) (q ? q.notes : []).push(line.slice(8));
      else errorLines.push(line);
      continue;
    }
    if (!q) continue; // script-level notes and EXPLAIN blocks: in `text`
    if (line.startsWith('# note: ')) {
      q.notes.push(line.slice(8));
      continue;
    }
    if (line === '== schema') {
      mode = 'schema';
      continue;
    }
    if (mode === 'schema') {
      q.schema = line;
      q.columns = columnsOf(line);
      mode = 'query';
      continue;
    }
    if (line === '== changelog' || line === '== changelog (partial)') {
      q.partial = line.endsWith('(partial)');
      mode = 'changelog';
      continue;
    }
    if (line.startsWith('== materialized at end of script')) {
      q.unbounded = [];
      mode = 'unbounded';
      continue;
    }
    if (line.startsWith('== materialized after end of input')) {
      q.bounded = [];
      mode = 'bounded';
      continue;
    }
    if (mode === 'changelog') {
      const s = STEP.exec(line);
      if (s) step = Number(s[1]);
      else if (line === '# at job start') step = 'start';
      else if (line.startsWith('# ---- end of input')) step = 'end';
      else {
        const r = ROW.exec(line);
        if (r) q.changelog.push({ step, kind: r[1], row: r[2] });
      }
      continue;
    }
    if ((mode === 'unbounded' || mode === 'bounded') && line.startsWith('[')) q[mode].push(line);
  }
  endError();
  for (const x of result.queries) {
    if (x.bounded) {
      x.result = x.bounded;
      x.resultMode = 'bounded';
    } else if (x.unbounded) {
      x.result = x.unbounded;
      x.resultMode = 'unbounded';
    }
  }
  return result;
}

/**
 * Runs a script (Flink SQL with JoinLab's `@` data lines) and returns its queries.
 * @param {string} script
 * @param {{ dialect?: 'confluent' | 'flink' }} [options]
 */
export function run(script, options = {}) {
  if (typeof script !== 'string') throw new TypeError('run(script): script must be a string');
  return parseOutput(runText(script, checkedDialect(options.dialect)));
}

/**
 * The engine's text output for a script: exactly what `joinlab run FILE.sql --dialect D` prints.
 * @param {string} script
 * @param {{ dialect?: 'confluent' | 'flink' }} [options]
 */
export function runToText(script, options = {}) {
  if (typeof script !== 'string') throw new TypeError('runToText(script): script must be a string');
  return runText(script, checkedDialect(options.dialect));
}

/**
 * The script written for a real engine, as `joinlab export --target T` writes it (docs/export.md):
 * Apache Flink's SQL client (`target: 'flink'`, tables on Kafka) or Confluent Cloud
 * (`'confluent'`). `unfaithful` lists what could not be exported faithfully (each is also a
 * `-- JoinLab:` comment in the text, where it stands). A script JoinLab cannot run throws an
 * Error with the message `joinlab export` prints.
 * @param {string} script
 * @param {{ target: 'flink' | 'confluent', dialect?: 'confluent' | 'flink' }} options
 */
export function exportScript(script, options) {
  if (typeof script !== 'string') throw new TypeError('exportScript(script): script must be a string');
  const target = options && options.target;
  if (target !== 'flink' && target !== 'confluent') throw new TypeError(`exportScript: unknown target '${target}' (flink or confluent)`);
  const dialect = checkedDialect(options.dialect);
  let e;
  try {
    e = exportWith(script, target, dialect);
  } catch (m) {
    throw new Error(String(m));
  }
  try {
    return { text: e.text, unfaithful: e.unfaithful };
  } finally {
    e.free();
  }
}

/**
 * Why the row `row` (`TABLE#K`: the table's K-th row in arrival order, from 1) is or is not in
 * query `query`'s result (from 1, default 1), as `joinlab explain-row` answers it (docs/explain.md):
 * the row's step, the question (`Why this output?`, `Why didn't this join?`, `Why is it not in the
 * result?`), one or two sentences, the steps they name, and the CLI's whole text. With `with` (a
 * row `TABLE#K` of the other side), why those two rows did or did not join with each other, as
 * `joinlab explain-row --with` answers it (`withStep`: that row's step). A question with no answer
 * (no such query, table or row; both rows of one table) throws an Error with the CLI's message.
 * @param {string} script
 * @param {{ row: string, with?: string, query?: number, dialect?: 'confluent' | 'flink' }} options
 */
export function explainRow(script, options) {
  if (typeof script !== 'string') throw new TypeError('explainRow(script): script must be a string');
  const row = options && options.row;
  if (typeof row !== 'string') throw new TypeError('explainRow: options.row must be TABLE#K');
  const other = options.with;
  if (other !== undefined && other !== null && typeof other !== 'string') throw new TypeError('explainRow: options.with must be TABLE#K');
  const query = options.query ?? 1;
  if (!Number.isInteger(query) || query < 1) throw new TypeError(`explainRow: bad query '${query}' (1 is the first)`);
  let a;
  try {
    const dialect = checkedDialect(options.dialect);
    a = typeof other === 'string' ? explainPairWith(script, dialect, query, row, other) : explainWith(script, dialect, query, row);
  } catch (m) {
    throw new Error(String(m));
  }
  try {
    const out = { step: a.step, question: a.question, answer: a.answer, steps: Array.from(a.steps), text: a.text };
    if (typeof other === 'string') out.withStep = a.withStep;
    return out;
  } finally {
    a.free();
  }
}
