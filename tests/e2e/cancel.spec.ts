// A run in flight (playground.ts, engine/client.ts): the page says it is running, with the
// seconds so far and the step the engine reached (before the first run too, in the loading line),
// then that it is drawing the trace, and shows Cancel; Cancel stops the worker, keeps the editor's text and shows
// the previous trace greyed as "cancelled"; a run past the 20 s limit is stopped the same way
// and the page says so (never the previous script's trace as if it were current).

import { expect, type Page, test } from '@playwright/test';
import { datagenScript, shareHash } from './helpers';

/** Holds the engine's 'load' requests while window.__hold is set (a run that never ends). */
async function holdLoads(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __hold: boolean };
    w.__hold = false;
    const post = Worker.prototype.postMessage;
    (w as unknown as { __loads: number }).__loads = 0;
    Worker.prototype.postMessage = function (this: Worker, msg: unknown, ...rest: unknown[]) {
      if ((msg as { type?: string })?.type === 'load') (w as unknown as { __loads: number }).__loads++;
      if (!(w.__hold && (msg as { type?: string })?.type === 'load')) (post as (...a: unknown[]) => void).call(this, msg, ...rest);
    } as typeof Worker.prototype.postMessage;
  });
}

/** 'load' requests the page has posted (held ones too). */
const loads = (page: Page) => page.evaluate(() => (window as unknown as { __loads: number }).__loads);

const hold = (page: Page, on: boolean) => page.evaluate((v) => ((window as unknown as { __hold: boolean }).__hold = v), on);

async function edit(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

test('a run in flight shows its seconds and Cancel; Cancel keeps the text and greys the old trace', async ({ page }) => {
  await holdLoads(page);
  await page.goto('./?example=07_hop_join');
  await expect(page.locator('.jl-counter')).toHaveText('step 1/9');
  const cancel = page.getByTestId('cancel');
  await expect(cancel).toBeHidden();
  await hold(page, true);
  await edit(page, '\n-- edited');
  await expect(page.locator('.jl-status')).toHaveText(/^running… \d+\.\d s$/);
  const first = Number(/([\d.]+) s/.exec((await page.locator('.jl-status').textContent()) ?? '')?.[1]);
  await expect.poll(async () => Number(/([\d.]+) s/.exec((await page.locator('.jl-status').textContent()) ?? '')?.[1])).toBeGreaterThan(first + 0.5);
  await expect(cancel).toBeVisible();
  await cancel.click();
  await expect(page.locator('.jl-status')).toHaveText('cancelled');
  await expect(cancel).toBeHidden();
  const visual = page.locator('.jl-visual');
  await expect(visual).toHaveAttribute('data-stale', '');
  await expect(visual).toHaveAttribute('data-stale-label', /cancelled/);
  expect(await visual.evaluate((el) => getComputedStyle(el, '::before').content)).toContain('cancelled');
  await expect(page.getByTestId('error')).toContainText('The run was cancelled. The trace shown (greyed) is the previous run’s.');
  await expect(page.locator('.cm-content')).toContainText('-- edited');
  // The old trace is still there to step through.
  await expect(page.locator('.jl-counter')).toHaveText('step 1/9');
  // Run again (nothing held): the engine was restarted and the edited text runs.
  await hold(page, false);
  await page.getByTestId('run').click();
  await expect(page.locator('.jl-status')).toHaveText(/ran in/);
  await expect(visual).not.toHaveAttribute('data-stale', '');
  await expect(page.getByTestId('error')).toBeHidden();
});

test('Run pressed while the same text runs waits for that run; an edit runs anew', async ({ page }) => {
  await holdLoads(page);
  await page.goto('./?example=07_hop_join');
  await expect(page.locator('.jl-counter')).toHaveText('step 1/9');
  await hold(page, true);
  const before = await loads(page);
  // The edit's own run starts after the debounce…
  await edit(page, '\n-- pasted');
  await expect(page.locator('.jl-status')).toHaveText(/^running…/);
  await expect.poll(() => loads(page)).toBe(before + 1);
  // …and Run for the same text is that run, not a second one queued behind it in the worker.
  await page.getByTestId('run').click();
  await page.getByTestId('run').click();
  await page.waitForTimeout(500);
  expect(await loads(page)).toBe(before + 1);
  await expect(page.locator('.jl-status')).toHaveText(/^running…/);
  // A different text is a new run.
  await edit(page, '\n-- again');
  await expect.poll(() => loads(page)).toBe(before + 2);
  // Cancelled, released, Run: the text runs (a load of its own) and is drawn.
  await page.getByTestId('cancel').click();
  await expect(page.locator('.jl-status')).toHaveText('cancelled');
  await hold(page, false);
  await page.getByTestId('run').click();
  await expect(page.locator('.jl-status')).toHaveText(/ran in/);
  expect(await loads(page)).toBeGreaterThanOrEqual(before + 3);
  await expect(page.locator('.jl-visual')).not.toHaveAttribute('data-stale', '');
});

test('Cancel stops a busy engine: a 300,000-row run ends at once and the next run works', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./?example=07_hop_join');
  await expect(page.locator('.jl-counter')).toHaveText('step 1/9');
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(datagenScript(300_000));
  const cancel = page.getByTestId('cancel');
  await expect(cancel).toBeVisible();
  // The engine is busy for seconds here (300,000 rows; its trace stops at the 1,000,000 trace
  // events of the page's limit, about 250,000 steps): wait until it is well into the run.
  await expect(page.locator('.jl-status')).toHaveText(/^running… [1-9]/);
  // …and says how far it got: 300,000 generated rows and the bounded table's +inf watermark
  // step are 300,001 steps (exec/generated.rs), reported every 4,096 steps
  await expect(page.locator('.jl-status')).toHaveText(/^running… [\d.]+ s · step [\d,]+ of 300,001$/);
  const t0 = Date.now();
  await cancel.click();
  await expect(page.locator('.jl-status')).toHaveText('cancelled');
  const took = Date.now() - t0;
  expect(took).toBeLessThan(2000);
  await expect(page.locator('.jl-visual')).toHaveAttribute('data-stale-label', /cancelled/);
  await expect(page.locator('.jl-counter')).toHaveText('step 1/9');
  // A small script runs normally afterwards (a fresh worker).
  await page.goto('./?example=07_hop_join');
  await expect(page.locator('.jl-counter')).toHaveText('step 1/9');
  await expect(page.locator('.jl-status')).toHaveText(/ran in/);
});

test('a shared link to a big script says how its first run goes, then that its trace is being drawn', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`./${shareHash({ script: datagenScript(200_000) })}`);
  // Before the first run ends the loading line (and the status) say how far the engine got,
  // not "starting the engine" …
  const loading = page.getByTestId('engine-loading');
  await expect(loading).toHaveText(/^The engine is running… [\d.]+ s · step [\d,]+ of 200,001$/, { timeout: 60_000 });
  await expect(page.locator('.jl-status')).toHaveText(/^running… [\d.]+ s · step [\d,]+ of 200,001$/);
  // … then, its run over, that the worker is drawing the trace (the view of 200,001 steps)
  await expect(loading).toHaveText(/^The engine is drawing the trace of 200,001 steps… [\d.]+ s$/, { timeout: 60_000 });
  await expect(page.locator('.jl-counter')).toHaveText('step 1/200002', { timeout: 60_000 });
  await expect(loading).toBeHidden();
  await expect(page.locator('.jl-status')).toHaveText(/^ran in/);
});

test('a run past the 20 s limit is stopped, and the old trace is shown as stale, not current', async ({ page }) => {
  test.setTimeout(90_000);
  await holdLoads(page);
  await page.goto(`./${shareHash({ script: "CREATE TABLE t (a INT);\n@t 1\n@t 2\nSELECT a FROM t;" })}`);
  await expect(page.locator('.jl-counter')).toHaveText('step 1/3');
  await hold(page, true);
  await edit(page, '\n-- longer');
  await expect(page.locator('.jl-status')).toHaveText(/^running… 1\d\.\d s$|^running… 1\d s$/, { timeout: 20_000 });
  await expect(page.locator('.jl-status')).toHaveText('stopped: ran too long', { timeout: 15_000 });
  await expect(page.getByTestId('error')).toContainText('The script ran longer than 20 s and was stopped');
  await expect(page.getByTestId('error')).toContainText('The trace shown (greyed) is the previous run’s.');
  const visual = page.locator('.jl-visual');
  await expect(visual).toHaveAttribute('data-stale', '');
  await expect(visual).toHaveAttribute('data-stale-label', /stopped/);
  await expect(page.getByTestId('cancel')).toBeHidden();
  await expect(page.locator('.cm-content')).toContainText('-- longer');
});
