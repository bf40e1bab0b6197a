// The wasm engine, loaded once from the package's own file (top-level await): JoinLab's Rust engine
// built with joinlab-wasm's `cli` feature (scripts/build-wasm.sh, JOINLAB_WASM_FEATURES=cli).
// Internal to the package: use index.js (the API) or bin/joinlab.js (the CLI).
import { readFileSync } from 'node:fs';
import init, { runText, runTextWith, goldenReport, goldenWritten, dialectName, exportScript, explainRow, explainPair } from './wasm/joinlab_wasm.js';

await init({ module_or_path: readFileSync(new URL('./wasm/joinlab_wasm_bg.wasm', import.meta.url)) });

export { runText, runTextWith, goldenReport, goldenWritten, dialectName, exportScript, explainRow, explainPair };
