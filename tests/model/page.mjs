// What the tests in tests/model share: the page's TypeScript modules bundled into one ES module
// (with rolldown, Vite's bundler) and the page's wasm (www/pkg, built by `npm run build`, or
// $JOINLAB_WASM_PKG) running a script as the worker does. Not a test file itself.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(join(root, "package.json"));
const pkg = process.env.JOINLAB_WASM_PKG ?? join(root, "www/pkg");

/** The module `input` (a path from the repository's root) and what it imports, bundled. */
export async function bundled(input) {
  const { build } = await import(pathToFileURL(require.resolve("rolldown")).href);
  const out = await build({ input: join(root, input), platform: "node", write: false, output: { format: "esm" } });
  return import("data:text/javascript;base64," + Buffer.from(out.output[0].code).toString("base64"));
}

/** The worker's and the page's model code (tests/model/entry.ts). */
export const pageModules = () => bundled("tests/model/entry.ts");

/** The `skip` option of a test that needs the wasm: false, or why it is skipped. */
export const skipWithoutWasm = existsSync(join(pkg, "joinlab_wasm_bg.wasm")) ? false : `no wasm build in ${pkg} (npm run build makes it)`;

/** The packed trace of `script` as the page's worker gets it (`Session.load`: bytes). */
export async function packedOf(script, dialect = "flink") {
  const wasm = await import(pathToFileURL(join(pkg, "joinlab_wasm.js")).href);
  await wasm.default({ module_or_path: readFileSync(join(pkg, "joinlab_wasm_bg.wasm")) });
  const session = new wasm.Session();
  try {
    return session.load(script, dialect);
  } finally {
    session.free();
  }
}

/** The trace of `script`, every step decoded (engine/unpack.ts). */
export async function traceOf(script, dialect = "flink") {
  const { unpackTrace } = await pageModules();
  return unpackTrace(await packedOf(script, dialect));
}

/** What the worker does with a load's bytes for query `qi` (engine/worker.ts `build`): the model
 * built from the packed steps, keeping only the steps it sends, split with the build's notes and
 * heads; the parts go to `post`. Returns the skeleton and the packed trace (for `steps` requests). */
export function workerBuild(m, bytes, qi, zone, post) {
  const packed = new m.PackedTrace(bytes);
  const header = packed.header();
  const source = packed.source(qi, header);
  const built = m.buildFrom(header, qi, zone, source, m.sentSteps(source.count));
  const skeleton = m.splitModel(built.model, qi, true, post, built);
  return { skeleton, packed, header, steps: (from, to) => packed.modelSteps(qi, header, from, to) };
}
