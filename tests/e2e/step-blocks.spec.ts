// A big trace's steps come to the page a block at a time (model/step-blocks.ts): a model of more
// than 20,000 steps crosses with its first two blocks and its last, and the page asks the worker
// for the block a step needs before drawing it. Here a GROUP BY over 21,500 rows (one step each,
// as written, then the end of input): steps far from the start draw their own row (sentence, steps table, events), the
// changelog's pair captions name rows whose steps the page does not hold, and stepping across a
// block's edge draws each step. A run this big makes the sentences of its first and last 2,000
// steps only; the page has the engine make the others' when they are shown (crates/engine
// `Sentences`): each step below waits for its own sentence, not the row's line shown until it comes.

import { expect, test } from '@playwright/test';
import { changelogByStep, currentStep, openPage, settled, shareHash } from './helpers';

const ROWS = 21_500;
/** Row i (step i + 1): key i mod 7,000, so a key's rows are 7,000 steps apart. */
const row = (i: number) => `${i % 7000} | v${i}`;
const script = ['CREATE TABLE t (k INT, v STRING);', ...Array.from({ length: ROWS }, (_, i) => `@t ${row(i)}`), 'SELECT k, COUNT(*) AS n, MAX(v) AS last_v FROM t GROUP BY k;'].join('\n');

async function goto(page: import('@playwright/test').Page, pos: number): Promise<void> {
  await page.getByTestId('step-slider').fill(String(pos));
  await settled(page);
  expect((await currentStep(page)).pos).toBe(pos);
}

test('steps far from the start are fetched and drawn, and captions name steps not held', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await openPage(page, `./${shareHash({ script })}`);
  await expect(page.locator('.jl-counter')).toHaveText(`step 1/${ROWS + 1}`, { timeout: 120_000 });

  // Step 15,000 (row 14,999, key 999): its block was not sent with the model.
  await goto(page, 15_000);
  await expect(page.getByTestId('step-sentence')).toContainText('t +I[999, v14999] arrived');
  // The steps table around it (its rows are fetched with it).
  for (const p of [14_975, 15_000, 15_025]) await expect(page.locator(`[data-testid=steps-row][data-pos="${p}"]`)).toContainText(`+I[${row(p - 1).replace(' | ', ', ')}]`);
  // Its changelog: the key's count goes from 2 to 3 (-U then +U), and the caption names the
  // key's earlier rows, at steps 1,000 and 8,000 (the latter in a block the page never fetched).
  const groups = await changelogByStep(page);
  expect(groups.get('15000')).toEqual(['-U[999, 2, v999]', '+U[999, 3, v999]']);
  const why = page.locator('.jl-group[data-step="15000"]').getByTestId('pair-why');
  await expect(why).toContainText('t +I[999, v14999]');
  await expect(why).toContainText('t +I[999, v999] (step 1000)');
  await expect(why).toContainText('t +I[999, v7999] (step 8000)');

  // Across a block's edge, one step at a time, forward and back.
  await goto(page, 16_998);
  for (const p of [16_999, 17_000, 17_001, 17_002]) {
    await page.keyboard.press('ArrowRight');
    await settled(page);
    expect((await currentStep(page)).pos).toBe(p);
    await expect(page.getByTestId('step-sentence')).toContainText(`t +I[${row(p - 1).replace(' | ', ', ')}] arrived`);
  }
  await goto(page, 11_001);
  for (const p of [11_000, 10_999]) {
    await page.keyboard.press('ArrowLeft');
    await settled(page);
    await expect(page.getByTestId('step-sentence')).toContainText(`t +I[${row(p - 1).replace(' | ', ', ')}] arrived`);
  }
  // The last steps (sent with the model: the last row, the end of input) and a far jump back.
  // The run made the last steps' sentences itself (as it made the first 2,000): shown at once.
  await goto(page, ROWS);
  expect(await page.getByTestId('step-sentence').getAttribute('data-pending')).toBeNull();
  await expect(page.getByTestId('step-sentence')).toContainText(`t +I[${row(ROWS - 1).replace(' | ', ', ')}] arrived`);
  await page.getByTestId('step-last').click();
  await settled(page);
  await expect(page.locator('.jl-counter')).toHaveText(`end of input · ${ROWS + 1}/${ROWS + 1}`);
  await goto(page, 5_432);
  await expect(page.getByTestId('step-sentence')).toContainText(`t +I[${row(5_431).replace(' | ', ', ')}] arrived`);
  expect(errors).toEqual([]);
});

test('a link to a step far from the start opens on that step', async ({ page }) => {
  test.setTimeout(120_000);
  await openPage(page, `./${shareHash({ script, step: 12_345 })}`);
  await expect(page.locator('.jl-counter')).toHaveText(`step 12345/${ROWS + 1}`, { timeout: 60_000 });
  await settled(page);
  await expect(page.getByTestId('step-sentence')).toContainText(`t +I[${row(12_344).replace(' | ', ', ')}] arrived`);
  await expect(page.locator('[data-testid=steps-row][data-pos="12345"]')).toHaveAttribute('class', /jl-current/);
});

test('a jump into a block already on its way (fetched ahead) is drawn when the block comes', async ({ page }) => {
  test.setTimeout(120_000);
  // The worker's replies can be held back (window.__holdReplies ms): the block asked for ahead is
  // still on its way when the jump into it is drawn.
  await page.addInitScript(() => {
    const d = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage');
    if (!d?.set) return;
    const set = d.set;
    Object.defineProperty(Worker.prototype, 'onmessage', {
      ...d,
      set(this: Worker, h: ((ev: MessageEvent) => void) | null) {
        set.call(this, h && ((ev: MessageEvent) => {
          const hold = (window as unknown as { __holdReplies?: number }).__holdReplies ?? 0;
          if (hold) setTimeout(() => h.call(this, ev), hold);
          else h.call(this, ev);
        }));
      },
    });
  });
  await openPage(page, `./${shareHash({ script })}`);
  await expect(page.locator('.jl-counter')).toHaveText(`step 1/${ROWS + 1}`, { timeout: 60_000 });
  // Step 15,600 is past the middle of its block (15,001–16,000): once it is drawn, the page asks
  // for the next block ahead. As it is drawn, the slider jumps into that block, to 16,500: the
  // jump waits for the block already asked for, and is drawn when it comes.
  await page.evaluate(() => {
    const slider = document.querySelector<HTMLInputElement>('[data-testid=step-slider]');
    if (!slider) throw new Error('no slider');
    (window as unknown as { __holdReplies?: number }).__holdReplies = 300;
    const jump = (p: number) => {
      slider.value = String(p);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
    };
    const seen = new MutationObserver(() => {
      if (!document.querySelector('[data-testid=steps-row].jl-current[data-pos="15600"]')) return;
      seen.disconnect();
      jump(16_500);
    });
    seen.observe(document.body, { subtree: true, childList: true, attributes: true });
    jump(15_600);
  });
  await settled(page);
  await page.evaluate(() => ((window as unknown as { __holdReplies?: number }).__holdReplies = 0));
  await expect(page.locator('.jl-counter')).toHaveText(`step 16500/${ROWS + 1}`);
  await expect(page.locator('[data-testid=steps-row][data-pos="16500"]')).toHaveAttribute('class', /jl-current/);
  await expect(page.getByTestId('step-sentence')).toContainText(`t +I[${row(16_499).replace(' | ', ', ')}] arrived`);
});
