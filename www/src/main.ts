import init, { runText } from '../pkg/joinlab_wasm.js';

const app = document.getElementById('app')!;
await init();
const pre = document.createElement('pre');
pre.textContent = runText("CREATE TABLE t (a INT);\nINSERT INTO t VALUES (1);\nSELECT a FROM t;", 'flink');
app.replaceChildren(pre);
