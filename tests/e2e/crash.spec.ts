// Worker crash recovery (engine/worker.ts, engine/client.ts, playground.ts engineStopped): a
// REAL panic in the wasm engine (the page's ?engine-test-panic hook calls the engine's testPanic
// export, docs/design.md "Test hooks") is shown as an error with the panic's message and, when
// the page knows it, the query, its script line and the step; the worker is replaced, the editor
// keeps its text, and the next run or step works.

import { expect, test } from '@playwright/test';
import { exampleScript, galleryExamples } from './helpers';

const hop = galleryExamples().find((e) => e.name === '07_hop_join');

test('a panic in a run is shown as an error; the engine restarts and the next run works', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
  await page.goto('./?example=07_hop_join&engine-test-panic=load');
  const stopped = page.getByTestId('engine-stopped');
  await expect(stopped).toBeVisible();
  // The panic's own words and where in the engine (the panic hook's message), and what ran.
  await expect(stopped).toContainText('The engine stopped while running this script: panicked at');
  await expect(stopped).toContainText('test panic requested by the page (load)');
  await expect(stopped).toContainText('It has been restarted.');
  await expect(page.getByTestId('error')).toBeVisible();
  expect(logged.some((l) => l.includes('JoinLab engine panic'))).toBe(true);
  // The editor kept the script and still edits.
  const script = exampleScript(hop?.sql ?? '');
  expect(await page.evaluate(() => document.querySelector('.cm-content')?.textContent ?? '')).toContain(script.split('\n').find((l) => l.includes('CREATE TABLE')) ?? 'CREATE TABLE');
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n-- after the crash');
  // The edit runs in a fresh worker: the trace is drawn and the message is gone.
  await expect(page.locator('.jl-counter')).toHaveText('step 1/9');
  await expect(page.locator('.jl-status')).toHaveText(/ran in/);
  await expect(stopped).toHaveCount(0);
  await expect(page.locator('.cm-content')).toContainText('-- after the crash');
  await page.getByTestId('step-next').click();
  await expect(page.locator('.jl-counter')).toHaveText('step 2/9');
});

test('a panic while showing a step names the query, its line and the step; stepping again works', async ({ page }) => {
  await page.goto('./?example=07_hop_join&engine-test-panic=state');
  const stopped = page.getByTestId('engine-stopped');
  await expect(stopped).toBeVisible();
  const line = (exampleScript(hop?.sql ?? '').split('\n').findIndex((l) => /^SELECT/i.test(l)) ?? -1) + 1;
  expect(line).toBeGreaterThan(0);
  await expect(stopped).toContainText(`The engine stopped while computing the state of query 1 (line ${line} of the script) at step 1: panicked at`);
  await expect(stopped).toContainText('test panic requested by the page (stateAt, step 1)');
  // The trace of the run is still there; a step asks the restarted engine, which answers.
  await expect(page.locator('.jl-counter')).toHaveText('step 1/9');
  await page.getByTestId('step-next').click();
  await expect(page.locator('.jl-counter')).toHaveText('step 2/9');
  await expect(page.getByText(/WindowJoin holds \d+ rows?/)).toBeVisible();
  await expect(stopped).toHaveCount(0);
});

test('without the hook the engine never panics on purpose', async ({ page }) => {
  await page.goto('./?example=07_hop_join');
  await expect(page.locator('.jl-counter')).toHaveText('step 1/9');
  await expect(page.getByText(/WindowJoin holds \d+ rows?/)).toBeVisible();
  await expect(page.getByTestId('engine-stopped')).toHaveCount(0);
});
