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

/** The trace of `script` as the page's worker gets it (`Session.load`). */
export async function traceOf(script, dialect = "flink") {
  const wasm = await import(pathToFileURL(join(pkg, "joinlab_wasm.js")).href);
  await wasm.default({ module_or_path: readFileSync(join(pkg, "joinlab_wasm_bg.wasm")) });
  const session = new wasm.Session();
  try {
    return session.load(script, dialect);
  } finally {
    session.free();
  }
}
