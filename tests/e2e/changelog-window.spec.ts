// The changelog's bounded window (panes/changelog-window.ts): only the latest groups up to the
// shown step are drawn, and a control above them says how many earlier steps and rows are not
// drawn and draws more. The page's window is 500 groups; `?changelog-window=5` lowers it so a
// 30-step script shows it. Expectations worked out by hand: `SELECT k, v FROM t` over 30 `@t`
// rows emits one row per step, `+I[k, vk]` at step k (30 data steps and the end of input, which
// emits nothing), so at step s the changelog holds s rows.

import { expect, type Page, test } from '@playwright/test';
import { openPage, settled, shareHash } from './helpers';

const ROWS = 30;
const SCRIPT = ['CREATE TABLE t (k INT, v STRING);', ...Array.from({ length: ROWS }, (_, i) => `@t ${i + 1} | v${i + 1}`), 'SELECT k, v FROM t;', ''].join('\n');

const rowOf = (k: number) => `+I[${k}, v${k}]`;
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

async function goToStep(page: Page, s: number): Promise<void> {
  await page.getByTestId('step-slider').fill(String(s));
  await settled(page);
  await expect(page.locator('.jl-counter')).toHaveText(s > ROWS ? `end of input · ${s}/${ROWS + 1}` : `step ${s}/${ROWS + 1}`);
}

test('a long changelog draws a window of its latest groups, and the earlier ones on request', async ({ page }) => {
  await openPage(page, `./?changelog-window=5${shareHash({ script: SCRIPT })}`);
  await expect(page.locator('.jl-counter')).toHaveText(`step 1/${ROWS + 1}`);
  const rows = page.getByTestId('changelog-row');
  const earlier = page.getByTestId('changelog-earlier');
  const more = earlier.getByRole('button');
  // Step 1: one group, nothing hidden.
  await expect(rows).toHaveText([rowOf(1)]);
  await expect(earlier).toBeHidden();

  // A jump to step 20: steps 16..20 drawn, 15 steps (15 rows) not drawn.
  await goToStep(page, 20);
  await expect(rows).toHaveText(range(16, 20).map(rowOf));
  await expect(page.locator('.jl-group.jl-current')).toHaveAttribute('data-step', '20');
  await expect(earlier).toBeVisible();
  await expect(earlier).toContainText('15 earlier steps with rows (15 rows) not drawn.');
  await expect(more).toHaveText('Draw 5 earlier steps');

  // Drawing more: 5 more groups (steps 11..20), 10 not drawn; the button has kept the focus.
  await more.click();
  await expect(rows).toHaveText(range(11, 20).map(rowOf));
  await expect(earlier).toContainText('10 earlier steps with rows (10 rows) not drawn.');
  await expect(more).toBeFocused();

  // Stepping keeps the (raised) window of 10 groups ending at the step: forward, then back.
  await page.getByTestId('step-next').click();
  await settled(page);
  await expect(rows).toHaveText(range(12, 21).map(rowOf));
  await expect(earlier).toContainText('11 earlier steps with rows (11 rows) not drawn.');
  await page.getByTestId('step-prev').click();
  await page.getByTestId('step-prev').click();
  await settled(page);
  await expect(page.locator('.jl-counter')).toHaveText(`step 19/${ROWS + 1}`);
  await expect(rows).toHaveText(range(10, 19).map(rowOf));
  await expect(earlier).toContainText('9 earlier steps with rows (9 rows) not drawn.');

  // Clicking a drawn row still goes to its step.
  await rows.filter({ hasText: rowOf(12) }).click();
  await expect(page.locator('.jl-counter')).toHaveText(`step 12/${ROWS + 1}`);
  await expect(rows).toHaveText(range(3, 12).map(rowOf));

  // Drawing until nothing is hidden: the control goes away and every row is there.
  await more.click();
  await expect(earlier).toBeHidden();
  await expect(rows).toHaveText(range(1, 12).map(rowOf));

  // The end of input emits nothing: the last group (step 30) is drawn, not current.
  await goToStep(page, ROWS + 1);
  await expect(rows.last()).toHaveText(rowOf(ROWS));
  await expect(page.locator('.jl-group.jl-current')).toHaveCount(0);
  // The window (raised to 15 groups by the two clicks) ends at step 30: 15 steps not drawn.
  await expect(rows).toHaveCount(15);
  await expect(earlier).toContainText('15 earlier steps with rows (15 rows) not drawn.');
});

test('without the lowered window a small changelog draws every group', async ({ page }) => {
  await openPage(page, `./${shareHash({ script: SCRIPT })}`);
  await expect(page.locator('.jl-counter')).toHaveText(`step 1/${ROWS + 1}`);
  await goToStep(page, ROWS);
  await expect(page.getByTestId('changelog-row')).toHaveText(range(1, ROWS).map(rowOf));
  await expect(page.getByTestId('changelog-earlier')).toBeHidden();
});

test('a window of more than 100 groups is drawn 100 groups a task after a jump, then in full', async ({ page }) => {
  // 250 rows, a window of 150: the jump draws the 100 groups nearest the step, the other 50 follow.
  const n = 250;
  const script = ['CREATE TABLE t (k INT, v STRING);', ...Array.from({ length: n }, (_, i) => `@t ${i + 1} | v${i + 1}`), 'SELECT k, v FROM t;', ''].join('\n');
  await openPage(page, `./?changelog-window=150${shareHash({ script })}`);
  await expect(page.locator('.jl-counter')).toHaveText(`step 1/${n + 1}`);
  await page.getByTestId('step-slider').fill(String(n));
  await expect(page.locator('.jl-counter')).toHaveText(`step ${n}/${n + 1}`);
  const rows = page.getByTestId('changelog-row');
  await expect(rows).toHaveText(range(101, n).map(rowOf));
  const earlier = page.getByTestId('changelog-earlier');
  await expect(earlier).toContainText('100 earlier steps with rows (100 rows) not drawn.');
  await expect(earlier.getByRole('button')).toHaveText('Draw 100 earlier steps');
  await earlier.getByRole('button').click();
  await expect(rows).toHaveText(range(1, n).map(rowOf));
  await expect(earlier).toBeHidden();
});
