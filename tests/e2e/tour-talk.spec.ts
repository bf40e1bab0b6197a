// The first visit's tour and talk mode (issue 20): the tour opens by itself once for a person
// (automation is left alone, so here navigator.webdriver is made false before the page loads),
// moves with Next / Back and ← →, closes with Escape and gives the focus back, is remembered in
// localStorage, and can be opened again from Lessons; talk mode shows the step's view alone and
// steps with the space bar, Page Down and ←, and can be left.

import { expect, type Page, test } from '@playwright/test';
import { counter, openPage, settled } from './helpers';

/** The page as a person's browser shows it: navigator.webdriver false. */
async function asPerson(page: Page): Promise<void> {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
}

test('the tour shows on the first visit, moves, closes with Escape, and does not come back', async ({ page }) => {
  await asPerson(page);
  await openPage(page, './?example=09_late_rows');
  await settled(page);
  const tour = page.getByTestId('tour');
  await expect(tour).toBeVisible({ timeout: 15_000 });
  await expect(tour.getByRole('heading')).toHaveText('A step is one row arriving');
  await expect(page.getByTestId('tour-next')).toBeFocused();
  await expect(page.locator('.jl-controls')).toHaveClass(/jl-tour-target/);
  await expect(tour).toContainText('1 of 5');
  // Next, then → with the focus on the tour: the step's sentence, then the timeline's watermark
  await page.keyboard.press('Enter');
  await expect(tour.getByRole('heading')).toHaveText('What this step did');
  await page.keyboard.press('ArrowRight');
  await expect(tour.getByRole('heading')).toHaveText('Event time and the watermark');
  await expect(page.locator('.timeline')).toHaveClass(/jl-tour-target/);
  // (the tour's arrows did not step the playground)
  await expect(counter(page)).toHaveText(/^step 1\//);
  await page.getByTestId('tour-back').click();
  await expect(tour.getByRole('heading')).toHaveText('What this step did');
  await page.keyboard.press('Escape');
  await expect(tour).toBeHidden();
  await expect(page.locator('.jl-tour-target')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('joinlab.tour.v1'))).toBe('done');
  await page.reload();
  await settled(page);
  await page.waitForTimeout(1500);
  await expect(tour).toBeHidden();
  // Lessons offers it again; Done on the last card closes it
  await page.getByTestId('lessons').click();
  await page.getByTestId('lessons-tour').click();
  await expect(tour).toBeVisible();
  for (let i = 0; i < 4; i++) await page.getByTestId('tour-next').click();
  await expect(page.getByTestId('tour-next')).toHaveText('Done');
  await expect(tour.getByRole('heading')).toHaveText('Your script');
  await page.getByTestId('tour-next').click();
  await expect(tour).toBeHidden();
});

test('talk mode: the step view alone, a step per space bar, and back out', async ({ page }) => {
  await openPage(page, './?example=09_late_rows');
  await settled(page);
  const link = page.getByTestId('talk-link');
  await expect(link).toHaveAttribute('href', './?example=09_late_rows&talk=1');
  await link.click();
  await settled(page);
  await expect(page.getByTestId('talk-bar')).toBeVisible();
  await expect(page.locator('.cm-editor')).toBeHidden();
  await expect(page.locator('#jl-gallery')).toBeHidden();
  await expect(counter(page)).toHaveText(/^step 1\//);
  for (const n of [2, 3, 4]) {
    await page.keyboard.press(' ');
    await expect(counter(page)).toHaveText(new RegExp(`^step ${n}/`));
  }
  await page.keyboard.press('PageDown');
  await expect(counter(page)).toHaveText(/^step 5\//);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('PageUp');
  await expect(counter(page)).toHaveText(/^step 3\//);
  // the type is larger than on the page
  const size = await page.locator('[data-testid=step-sentence]').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  expect(size).toBeGreaterThanOrEqual(22);
  await page.getByTestId('talk-exit').click();
  await expect(page.getByTestId('talk-bar')).toHaveCount(0);
  await expect(page.locator('.cm-editor')).toBeVisible();
  expect(page.url()).not.toContain('talk=1');
  await expect(counter(page)).toHaveText(/^step 3\//);
});
