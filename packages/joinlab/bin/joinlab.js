#!/usr/bin/env node
// `joinlab run`, `joinlab test`, `joinlab export` and `joinlab explain-row` in Node, no Rust toolchain: the same output and exit codes as
// the native CLI (crates/cli: main.rs, golden.rs), from the same engine compiled to wasm. What
// `test` compares and prints is the engine's own (joinlab_engine::golden, exported by the wasm as
// goldenReport and goldenWritten); this file finds, reads and writes the files.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { runText, runTextWith, goldenReport, goldenWritten, dialectName, exportScript, explainRow, explainPair } from '../engine.js';

const USAGE = `usage:
  joinlab run FILE.sql [--dialect flink|confluent] [--quiet-steps] [--format text]
  joinlab explain-row FILE.sql --row TABLE#K [--with TABLE#K] [--query N] [--dialect flink|confluent]
  joinlab export --target flink|confluent FILE.sql [-o OUT.sql] [--dialect flink|confluent]
  joinlab test [DIR] [--dialect flink|confluent] [--update] [--strict-errors]

FILE may be - for standard input. The default dialect is confluent; conformance scripts run
with --dialect flink. \`test\` runs every NAME.sql below DIR (default .) that has a NAME.expected
beside it and compares its output, the rows of a step as a multiset (exit 1 on a difference);
--update writes the expected files. \`export\` writes the script for Apache Flink's SQL client
(tables on Kafka) or Confluent Cloud (docs/export.md); a script JoinLab cannot run exports
nothing and prints why (exit 1). \`explain-row\` says why the K-th row of TABLE (in arrival order,
from 1) is or is not in query N's result (default 1), from the run's own events (docs/explain.md);
with --with, why those two rows (one of each side) did or did not join with each other.
(The npm package has run, explain-row, export and test; explain, bench and the trace formats are
in the native CLI.)`;

class Usage extends Error {}

// A reader that went away (`joinlab run F | head`) ends the program quietly, as the native one.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  process.stderr.write(`joinlab: cannot write the output: ${e.message}\n`);
  process.exit(1);
});
const say = (s) => process.stdout.write(s);

// Rust's std::io::Error text (what the native CLI says) for the usual errors.
const OS_ERRORS = {
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  EPERM: 'Operation not permitted',
  EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory',
  ELOOP: 'Too many levels of symbolic links',
  ENAMETOOLONG: 'File name too long',
};
function ioError(e) {
  if (e && e.code in OS_ERRORS && typeof e.errno === 'number') return `${OS_ERRORS[e.code]} (os error ${Math.abs(e.errno)})`;
  return e && e.message ? e.message : String(e);
}
const utf8 = new TextDecoder('utf-8', { fatal: true });
function readText(file) {
  const bytes = readFileSync(file);
  try {
    return utf8.decode(bytes);
  } catch {
    throw Object.assign(new Error('stream did not contain valid UTF-8'), { code: 'EILSEQ' });
  }
}

function parseArgs(argv) {
  if (argv.length === 0) throw new Usage(USAGE);
  const a = { cmd: argv[0], file: null, dialect: 'confluent', quietSteps: false, format: 'text', update: false, strictErrors: false, target: null, output: null, query: 1, row: null, with: null };
  for (let i = 1; i < argv.length; i++) {
    const x = argv[i];
    if (x === '--dialect') {
      const v = argv[++i];
      if (v === undefined) throw new Usage('--dialect needs flink or confluent');
      const d = dialectName(v);
      if (!d) throw new Usage(`unknown dialect '${v}' (flink or confluent)`);
      a.dialect = d;
    } else if (x === '--quiet-steps') a.quietSteps = true;
    else if (x === '--format') {
      const v = argv[++i];
      if (v === undefined) throw new Usage('--format needs text');
      a.format = v;
    } else if (x === '--target') {
      const v = argv[++i];
      if (v === undefined) throw new Usage('--target needs flink or confluent');
      a.target = v;
    } else if (x === '-o' || x === '--output') {
      const v = argv[++i];
      if (v === undefined) throw new Usage('-o needs a file');
      a.output = v;
    } else if (x === '--query') {
      const v = argv[++i];
      if (v === undefined) throw new Usage('--query needs a number');
      const n = /^[0-9]+$/.test(v) ? Number(v) : NaN;
      if (!(n > 0)) throw new Usage(`bad --query '${v}' (1 is the first)`);
      a.query = n;
    } else if (x === '--row') {
      const v = argv[++i];
      if (v === undefined) throw new Usage('--row needs TABLE#K');
      a.row = v;
    } else if (x === '--with') {
      const v = argv[++i];
      if (v === undefined) throw new Usage('--with needs TABLE#K');
      a.with = v;
    } else if (x === '--update') a.update = true;
    else if (x === '--strict-errors') a.strictErrors = true;
    else if (x === '-h' || x === '--help') throw new Usage(USAGE);
    else if (a.file === null && (!x.startsWith('-') || x === '-')) a.file = x;
    else throw new Usage(`unknown argument '${x}'\n${USAGE}`);
  }
  return a;
}

function readScript(file) {
  if (file === null) throw new Usage(`missing FILE\n${USAGE}`);
  try {
    return file === '-' ? readText(0) : readText(file);
  } catch (e) {
    throw new Usage(file === '-' ? ioError(e) : `cannot read ${file}: ${ioError(e)}`);
  }
}

// --- joinlab test (crates/cli/src/golden.rs) ---

const join = (dir, name) => (dir.endsWith('/') ? dir + name : `${dir}/${name}`);
const isDir = (p) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};
const isFile = (p) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};
// Path::extension: the text after the last dot, unless that dot starts the name.
const isSql = (name) => name.lastIndexOf('.') > 0 && name.slice(name.lastIndexOf('.') + 1) === 'sql';
const withExpected = (p) => `${p.slice(0, -'sql'.length)}expected`;
// `path` as the person typed its folder (a leading ./ left out, as Path::strip_prefix("./")).
const shown = (p) => (p.startsWith('./') ? p.replace(/^(\.\/+)+/, '') : p);

// The .sql files below dir, in path order (byte order of names, as Rust sorts paths); folders
// whose name starts with `.` are skipped.
function scripts(dir, out) {
  let names;
  try {
    names = readdirSync(dir);
  } catch (e) {
    throw new Usage(`cannot read the folder ${dir}: ${ioError(e)}`);
  }
  names.sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
  for (const name of names) {
    const p = join(dir, name);
    if (isDir(p)) {
      if (!name.startsWith('.')) scripts(p, out);
    } else if (isSql(name)) out.push(p);
  }
}

// Finds, reads and writes the files; what is compared and printed is the engine's
// (joinlab_engine::golden, as the native `joinlab test` prints it).
function golden(o) {
  const files = [];
  scripts(o.dir, files);
  const read = (f) => {
    try {
      return readText(f);
    } catch (e) {
      throw new Usage(`cannot read ${f}: ${ioError(e)}`);
    }
  };
  const fromEngine = (f) => {
    try {
      return f();
    } catch (e) {
      throw new Usage(String(e));
    }
  };
  if (o.update) {
    const done = [];
    for (const f of files) {
      const expected = withExpected(f);
      try {
        writeFileSync(expected, runText(read(f), o.dialect));
      } catch (e) {
        if (e instanceof Usage) throw e;
        throw new Usage(`cannot write ${expected}: ${ioError(e)}`);
      }
      done.push(shown(expected));
    }
    say(fromEngine(() => goldenWritten(done, o.dir)));
    return true;
  }
  const cases = { shown: [], scripts: [], expectedShown: [], expected: [] };
  for (const f of files) {
    const e = withExpected(f);
    const has = isFile(e);
    cases.shown.push(shown(f));
    cases.scripts.push(read(f));
    cases.expectedShown.push(has ? shown(e) : '');
    cases.expected.push(has ? read(e) : '');
  }
  const r = fromEngine(() => goldenReport(cases.shown, cases.scripts, cases.expectedShown, cases.expected, o.dir, o.dialect, o.strictErrors));
  say(r.text);
  const failed = r.failed;
  r.free();
  return failed === 0;
}

// --- joinlab export (crates/cli/src/main.rs `export`): usage and file errors exit 2, a script
// JoinLab cannot run prints why and exits 1.
function exportCmd(a) {
  if (a.target === null) throw new Usage(`export needs --target flink or confluent\n${USAGE}`);
  if (a.target !== 'flink' && a.target !== 'confluent') throw new Usage(`unknown target '${a.target}' (flink or confluent)`);
  const script = readScript(a.file);
  let e;
  try {
    e = exportScript(script, a.target, a.dialect);
  } catch (m) {
    say(String(m));
    return 1;
  }
  const text = e.text;
  const unfaithful = e.unfaithful;
  e.free();
  if (a.output !== null && a.output !== '-') {
    try {
      writeFileSync(a.output, text);
    } catch (err) {
      throw new Usage(`cannot write ${a.output}: ${ioError(err)}`);
    }
    if (unfaithful.length > 0) {
      process.stderr.write(`joinlab: ${unfaithful.length} thing(s) not exported faithfully, each said in a '-- JoinLab:' comment:\n`);
      for (const u of unfaithful) process.stderr.write(`  ${u}\n`);
    }
  } else say(text);
  return 0;
}

function main(argv) {
  const a = parseArgs(argv);
  if (a.cmd === 'run') {
    const script = readScript(a.file);
    if (a.format !== 'text') throw new Usage(`unknown format '${a.format}' (the npm package prints text; trace-json and packed are in the native CLI)`);
    say(a.quietSteps ? runTextWith(script, a.dialect, true) : runText(script, a.dialect));
    return 0;
  }
  if (a.cmd === 'export') return exportCmd(a);
  if (a.cmd === 'explain-row') {
    if (a.row === null) throw new Usage(`explain-row needs --row TABLE#K\n${USAGE}`);
    const script = readScript(a.file);
    let r;
    try {
      r = a.with === null ? explainRow(script, a.dialect, a.query, a.row) : explainPair(script, a.dialect, a.query, a.row, a.with);
    } catch (m) {
      process.stderr.write(`${String(m)}\n`);
      return 1;
    }
    say(r.text);
    r.free();
    return 0;
  }
  if (a.cmd === 'test') {
    return golden({ dir: a.file ?? '.', dialect: a.dialect, update: a.update, strictErrors: a.strictErrors }) ? 0 : 1;
  }
  if (a.cmd === 'explain' || a.cmd === 'bench') throw new Usage(`joinlab ${a.cmd} is in the native CLI only (cargo install --path crates/cli)\n${USAGE}`);
  throw new Usage(USAGE);
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  if (!(e instanceof Usage)) throw e;
  process.stderr.write(`${e.message}\n`);
  process.exitCode = 2;
}
