// wasm vs native: every conformance script, generated-data script, limit script (tests/limits) and gallery example gives byte-identical text output from the
// browser build (www/pkg, loaded in Node) and from the native CLI ($CARGO_TARGET_DIR or target/, debug), in both dialects.
// The folders are walked recursively (tests/conformance has one folder per topic).
// `node tests/wasm/native_vs_wasm.mjs --list` prints the scripts it would run, with a count per folder, and runs nothing.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Every *.sql under dir, at any depth, sorted by path.
function sqlFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sqlFiles(p));
    else if (e.name.endsWith('.sql')) out.push(p);
  }
  return out.sort();
}

// the conformance scripts, the generated-data scripts and the gallery examples
const folders = ['tests/conformance', 'tests/mock', 'tests/limits', 'www/examples'];
const files = [];
for (const d of folders) {
  const dir = path.join(root, d);
  if (!existsSync(dir)) continue;
  const found = sqlFiles(dir);
  if (process.argv.includes('--list')) {
    for (const f of found) console.log(path.relative(root, f));
    console.log(`# ${d}: ${found.length} scripts`);
  }
  files.push(...found);
}
if (process.argv.includes('--list')) {
  console.log(`# ${files.length} scripts in all`);
  process.exit(0);
}

const pkg = path.join(root, 'www/pkg');
const { default: init, runText } = await import(path.join(pkg, 'joinlab_wasm.js'));
await init({ module_or_path: readFileSync(path.join(pkg, 'joinlab_wasm_bg.wasm')) });

const target = process.env.CARGO_TARGET_DIR ? path.resolve(root, process.env.CARGO_TARGET_DIR) : path.join(root, 'target');
const cli = path.join(target, 'debug/joinlab');
let passed = 0;
let failed = 0;
for (const file of files) {
  const script = readFileSync(file, 'utf8');
  for (const dialect of ['flink', 'confluent']) {
    const wasm = runText(script, dialect);
    const native = execFileSync(cli, ['run', file, '--dialect', dialect], { encoding: 'utf8' });
    if (wasm === native) passed++;
    else {
      failed++;
      console.log(`FAIL ${path.relative(root, file)} (${dialect}): wasm and native outputs differ`);
    }
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
