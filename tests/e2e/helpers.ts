// Shared by the Playwright specs: the gallery's files, the oracle's expected output, page steps.

import { readdirSync, readFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import lz from 'lz-string';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const EXAMPLES_DIR = path.join(ROOT, 'www/examples');
export const ARTIFACTS = path.join(ROOT, 'tests/e2e/artifacts');

export interface GalleryExample {
  name: string;
  sql: string;
  expected: string | null;
  /** `-- error-at: LINE:COLUMN` (in the file): the example shows a rejection there. */
  errorAt: { line: number; column: number } | null;
}

export function galleryExamples(): GalleryExample[] {
  return readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => {
      const name = f.slice(0, -4);
      const exp = path.join(EXAMPLES_DIR, `${name}.expected`);
      const sql = readFileSync(path.join(EXAMPLES_DIR, f), 'utf8');
      const at = /^--\s*error-at:\s*(\d+):(\d+)\s*$/m.exec(sql);
      return {
        name,
        sql,
        expected: existsSync(exp) ? readFileSync(exp, 'utf8') : null,
        errorAt: at ? { line: Number(at[1]), column: Number(at[2]) } : null,
      };
    });
}

export interface ExpectedQuery {
  /** Changelog rows per step ("end" for the end of input). */
  steps: Map<string, string[]>;
  unbounded: string[] | null;
  bounded: string[] | null;
  error: boolean;
}

/** Parses the oracle's output format (../shared/oracle/README.md) into queries. */
export function parseExpected(text: string): ExpectedQuery[] {
  const queries: ExpectedQuery[] = [];
  let q: ExpectedQuery | null = null;
  let section = '';
  let step = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('== query')) {
      q = { steps: new Map(), unbounded: null, bounded: null, error: false };
      queries.push(q);
      section = '';
      continue;
    }
    if (!q) continue;
    if (line.startsWith('== changelog')) section = 'changelog';
    else if (line.startsWith('== materialized at end of script')) {
      section = 'unbounded';
      q.unbounded = [];
    } else if (line.startsWith('== materialized after end of input')) {
      section = 'bounded';
      q.bounded = [];
    } else if (line.startsWith('== error') || line.startsWith('== runtime error')) {
      q.error = true;
      section = 'error';
    } else if (line.startsWith('== ')) section = 'other';
    else if (section === 'changelog') {
      const m = /^# step (\d+):/.exec(line);
      if (m) step = m[1];
      else if (line.startsWith('# ---- end of input')) step = 'end';
      else if (line.startsWith('# at job start')) step = '0';
      else if (/^[+-][IUD]\[/.test(line)) {
        const rows = q.steps.get(step) ?? [];
        rows.push(line.trim());
        q.steps.set(step, rows);
      }
    } else if ((section === 'unbounded' || section === 'bounded') && line.startsWith('[')) {
      (section === 'unbounded' ? q.unbounded : q.bounded)?.push(line.trim());
    }
  }
  return queries;
}

export const sorted = (xs: string[]) => [...xs].sort();

/** Opens the page at a URL and waits for the first step to be shown (or for the query's error). */
export async function openPage(page: Page, url: string): Promise<void> {
  // A new document every time (going to a URL that differs only in its hash would not reload).
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  await page.goto(url);
  await expect(page.locator('[data-testid=step-sentence]:not(:empty), .jl-not-run:not([hidden])').first()).toBeVisible();
}

export async function openExample(page: Page, name: string): Promise<void> {
  await openPage(page, `./?example=${name}`);
}

/** The counter text, e.g. `step 3/7` or `end of input · 7/7`. */
export function counter(page: Page | Locator): Locator {
  return page.locator('.jl-counter');
}

export async function currentStep(page: Page | Locator): Promise<{ pos: number; total: number }> {
  const t = (await counter(page).textContent()) ?? '';
  const m = /(\d+)\/(\d+)/.exec(t);
  return { pos: Number(m?.[1] ?? 0), total: Number(m?.[2] ?? 0) };
}

/** The changelog on screen, per step (the end of input as "end"). */
export async function changelogByStep(scope: Page | Locator): Promise<Map<string, string[]>> {
  const groups = await scope.locator('.jl-group').evaluateAll((els) =>
    els.map((g) => ({
      step: g.getAttribute('data-step') ?? '',
      end: (g.querySelector('.jl-step-link')?.textContent ?? '').startsWith('# end of input'),
      rows: [...g.querySelectorAll('[data-testid=changelog-row]')].map((r) => r.textContent ?? ''),
    })),
  );
  const out = new Map<string, string[]>();
  for (const g of groups) out.set(g.end ? 'end' : g.step, g.rows);
  return out;
}

export async function resultRows(scope: Page | Locator): Promise<string[]> {
  return scope.getByTestId('result-table').locator('tbody tr[data-row]').evaluateAll((trs) => trs.map((t) => t.getAttribute('data-row') ?? ''));
}

/** A share link (`#v1/…`) for a state, as the page makes them. */
export function shareHash(s: { script: string; dialect?: string; query?: number; step?: number }): string {
  const o: Record<string, unknown> = { script: s.script };
  if (s.dialect && s.dialect !== 'confluent') o.dialect = s.dialect;
  if (s.query && s.query !== 1) o.query = s.query;
  if (s.step && s.step !== 1) o.step = s.step;
  return `#v1/${lz.compressToEncodedURIComponent(JSON.stringify(o))}`;
}

/** Waits until the page has drawn (steps are drawn in the next animation frame). */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
  // A big trace's step waits for its block of steps from the worker (playground.ts), then draws.
  if (await page.locator('[data-steps-pending]').count()) {
    await page.waitForFunction(() => !document.querySelector('[data-steps-pending]'));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
  }
}

/** The state the page keeps in its URL (it rewrites the hash after every change), in v1's
 * shape (defaults left out). The page writes v2 links (docs/share-links.md): the script part,
 * then `&d=` dialect, `&q=` query, `&s=` step. */
export async function urlState(page: Page): Promise<{ script: string; dialect?: string; query?: number; step?: number }> {
  await page.waitForFunction(() => /^#v[12]\//.test(location.hash));
  // The page writes its link after the run and a pause, when idle: wait until it holds still.
  let hash = await page.evaluate(() => location.hash);
  for (let i = 0, same = 0; i < 30 && same < 2; i++) {
    await page.waitForTimeout(400);
    const now = await page.evaluate(() => location.hash);
    same = now === hash ? same + 1 : 0;
    hash = now;
  }
  if (hash.startsWith('#v1/')) return JSON.parse(lz.decompressFromEncodedURIComponent(hash.slice(4)) ?? 'null');
  const [part, ...params] = hash.slice(4).split('&');
  const o: { script: string; dialect?: string; query?: number; step?: number } = { script: JSON.parse(lz.decompressFromEncodedURIComponent(part) ?? 'null').script };
  for (const kv of params) {
    const [k, v] = kv.split('=');
    if (k === 'd') o.dialect = v;
    if (k === 'q') o.query = Number(v);
    if (k === 's') o.step = Number(v);
  }
  return o;
}

export function artifactPath(...parts: string[]): string {
  const p = path.join(ARTIFACTS, ...parts);
  mkdirSync(path.dirname(p), { recursive: true });
  return p;
}

/** Lines of the title/about header the gallery removes from an example's file. */
export function headerLines(sql: string): number {
  return sql.split('\n').length - exampleScript(sql).split('\n').length;
}

/** The script the gallery loads for an example (its file without the title/about header). */
export function exampleScript(sql: string): string {
  const lines = sql.split('\n');
  let i = 0;
  let inHeader = false;
  for (; i < lines.length; i++) {
    if (/^--\s*(title|about|error-at|compare):/.test(lines[i])) inHeader = true;
    else if (!(inHeader && /^--\s/.test(lines[i]) && !/^--\s*$/.test(lines[i]))) break;
  }
  return lines.slice(i).join('\n');
}

/** `rows` rows from a datagen table, through a filter (the page-at-scale measures, Cancel). */
export function datagenScript(rows: number): string {
  return [
    'CREATE TABLE clicks (',
    '  user_id INT,',
    '  url STRING,',
    '  ts TIMESTAMP(3),',
    "  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND",
    ") WITH ('connector' = 'datagen', 'number-of-rows' = '" + rows + "', 'fields.user_id.min' = '1', 'fields.user_id.max' = '1000', 'fields.url.length' = '4', 'joinlab.interval' = '10 ms');",
    'SELECT user_id, url, ts FROM clicks WHERE user_id > 0;',
  ].join('\n');
}

/** Starts collecting the page's long tasks (> 50 ms, the browser's threshold) in `window.__long`. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __long: number[]; __longObserver?: PerformanceObserver };
    w.__long = [];
    // One observer per page: a second would list every long task twice.
    if (w.__longObserver) return;
    w.__longObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push(Math.round(e.duration));
    });
    w.__longObserver.observe({ type: 'longtask' });
  });
}
