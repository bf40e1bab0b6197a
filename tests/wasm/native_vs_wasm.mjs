// wasm vs native: every conformance script, generated-data script and gallery example gives byte-identical text output from the
// browser build (www/pkg, loaded in Node) and from the native CLI, in both dialects.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = path.join(root, 'www/pkg');
const { default: init, runText } = await import(path.join(pkg, 'joinlab_wasm.js'));
await init({ module_or_path: readFileSync(path.join(pkg, 'joinlab_wasm_bg.wasm')) });

const cli = path.join(root, 'target/debug/joinlab');
let passed = 0;
let failed = 0;
// the conformance scripts, the generated-data scripts and the gallery examples
const files = [];
for (const d of ['tests/conformance', 'tests/mock', 'www/examples']) {
  const dir = path.join(root, d);
  if (!existsSync(dir)) continue;
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) files.push([dir, f]);
}
for (const [dir, f] of files) {
  const script = readFileSync(path.join(dir, f), 'utf8');
  for (const dialect of ['flink', 'confluent']) {
    const wasm = runText(script, dialect);
    const native = execFileSync(cli, ['run', path.join(dir, f), '--dialect', dialect], { encoding: 'utf8' });
    if (wasm === native) passed++;
    else {
      failed++;
      console.log(`FAIL ${f} (${dialect}): wasm and native outputs differ`);
    }
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
