import { chromium } from 'playwright-core';
import lz from 'lz-string';
const lines = ["SET 'joinlab.dialect' = 'flink';", 'CREATE TABLE orders (order_id INT, product_id INT);', 'CREATE TABLE Product (id INT, name STRING);'];
let o = 0;
for (let p = 0; p < 1000; p++) lines.push(`@orders ${++o} | ${p}`, `@orders ${++o} | ${p}`, `@Product ${p} | p${p}`, `@orders ${++o} | ${p}`, `@orders ${++o} | ${p}`);
lines.push('SELECT o.order_id, p.id, p.name FROM orders o LEFT JOIN Product p ON o.product_id = p.id;');
const hash = `#v1/${lz.compressToEncodedURIComponent(JSON.stringify({ script: lines.join('\n') }))}`;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const p = await b.newPage({ viewport: { width: 1400, height: 1000 } });
await p.goto('http://127.0.0.1:5199/' + hash);
await p.waitForSelector('[data-testid=step-sentence]:not(:empty)', { timeout: 60000 });
await p.getByTestId('step-slider').fill('4000');
await p.locator('table.jl-state-table').waitFor();
await p.evaluate(() => performance.clearMeasures());
for (let i = 0; i < 40; i++) { await p.keyboard.press('ArrowRight'); await p.waitForTimeout(30); }
const m = await p.evaluate(() => { const r = {}; for (const e of performance.getEntriesByType('measure')) { (r[e.name] ||= []).push(e.duration); } return r; });
for (const [k, v] of Object.entries(m)) { v.sort((a,b)=>a-b); console.log(k.padEnd(30), 'n', v.length, 'median', v[v.length>>1].toFixed(1), 'max', v[v.length-1].toFixed(1)); }
await b.close();
