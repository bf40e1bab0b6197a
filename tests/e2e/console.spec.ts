// A page that logs errors or fails a request is broken for someone: the playground, an example
// on generated data and the demo docs page load, step to the end, and leave the console clean.

import { expect, test, type Page } from '@playwright/test';
import { openExample, openPage, settled } from './helpers';

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return problems;
}

test('the playground, a generated-data example and the docs page leave the console clean', async ({ page }) => {
  const problems = watch(page);
  await openPage(page, './');
  await page.getByTestId('step-last').click();
  await settled(page);
  await openExample(page, '20_idle_source');
  await page.getByTestId('step-last').click();
  await settled(page);
  await page.goto('./docs-demo.html');
  await page.locator('#demo-full-outer').scrollIntoViewIfNeeded();
  await expect(page.locator('#demo-full-outer').getByTestId('step-sentence')).not.toBeEmpty();
  expect(problems).toEqual([]);
});
