// Typing and stepping in a 5 MB script never block the page's main thread for more than 200 ms:
// the share link, localStorage, the settings' SET reading and the data pane's script reading
// all stay off the per-edit / per-step path (share.ts, share-codec.ts, settings.ts). A
// PerformanceObserver for 'longtask' entries runs in the page once the first run has settled.

import { expect, type Page, test } from '@playwright/test';
import { exampleScript, galleryExamples, shareHash, watchLongTasks } from './helpers';

/** 01_full_outer_join below ≈ 5 MB of comment lines (the engine's run stays small). */
function bigScript(): string {
  const base = exampleScript(galleryExamples().find((e) => e.name === '01_full_outer_join')?.sql ?? '');
  const filler: string[] = [];
  let n = 0;
  for (let i = 0; n < 5_000_000; i++) {
    const line = `-- note ${i}: the learner pasted a long log here, row ${i * 7919 % 100_003} of ${i % 97} (${(i * 31) % 1000} ms)`;
    filler.push(line);
    n += line.length + 1;
  }
  return `${filler.join('\n')}\n${base}`;
}

/** Every long task (> 50 ms, the browser's threshold) since watchLongTasks. */
const longTasks = (page: Page) => page.evaluate(() => (window as unknown as { __long: number[] }).__long);

/** Waits until the main thread has been free of long tasks for `quietMs`. */
async function quiet(page: Page, quietMs = 1500, maxMs = 60_000): Promise<void> {
  await page.evaluate(
    ([q, max]) =>
      new Promise<void>((resolve) => {
        let last = performance.now();
        const start = last;
        const obs = new PerformanceObserver((l) => {
          for (const e of l.getEntries()) last = Math.max(last, e.startTime + e.duration);
        });
        obs.observe({ type: 'longtask' });
        const tick = () => {
          const now = performance.now();
          if (now - last >= q || now - start > max) {
            obs.disconnect();
            resolve();
          } else setTimeout(tick, 100);
        };
        tick();
      }),
    [quietMs, maxMs] as const,
  );
}

test('typing and stepping in a 5 MB script never block the main thread over 200 ms', async ({ page }) => {
  test.setTimeout(180_000);
  const script = bigScript();
  expect(script.length).toBeGreaterThan(5_000_000);
  await page.goto(`./${shareHash({ script })}`);
  await expect(page.locator('.jl-status')).toHaveText(/ran in/, { timeout: 120_000 });
  await expect(page.locator('.jl-counter')).toHaveText('step 1/7');
  await quiet(page);
  await watchLongTasks(page);

  // Type a few characters at the top of the script (in a comment: the script stays valid).
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('-- hi', { delay: 60 });
  await page.keyboard.press('Enter');
  // The edit runs the script again (in the worker); wait for it.
  await expect(page.locator('.jl-status')).toHaveText(/ran in/, { timeout: 120_000 });
  await expect(page.locator('.jl-counter')).toHaveText('step 1/7');

  // Step several times.
  for (let i = 0; i < 5; i++) {
    await page.getByTestId('step-next').click();
    await page.waitForTimeout(80);
  }
  await expect(page.locator('.jl-counter')).toHaveText('step 6/7');
  // Let every idle / debounced write (URL, localStorage) happen.
  await page.waitForTimeout(2500);
  const tasks = await longTasks(page);
  console.log(`long tasks while typing and stepping (ms): ${JSON.stringify(tasks)}`);
  expect(tasks.filter((d) => d > 200)).toEqual([]);
  // Too large for a link: the address bar holds no stale script.
  expect(await page.evaluate(() => location.hash)).not.toMatch(/^#v1\//);
});
