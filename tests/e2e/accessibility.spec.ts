// The accessibility audit (issue 17): axe-core, with the WCAG 2.1 A and AA rules, finds no
// violation on the built playground (after the first run, after a few steps with each pane open,
// for examples of several join kinds, and on a phone with the gallery menu open), on the ?embed=1
// view, on the Export panel, on Why this row?'s answer, on the lessons, on the tour, in talk mode, on the schema browser and the completion list, and on the demo docs page (its two <joinlab-playground> elements and its iframe). No rule
// and no element is left out of the audit; a failure lists every violation (rule, impact, element,
// and axe's message, e.g. the colours and the ratio).

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { galleryExamples, exampleScript, openExample, openPage, settled, shareHash } from './helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const PANES = ['State', 'Data', 'Timeline table', 'Plan'];

/** Runs axe on the whole page (frames included) and fails listing every violation found. */
async function expectNoViolations(page: Page, where: string): Promise<void> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const report = violations.flatMap((v) =>
    v.nodes.map((n) => `  ${v.id} (${v.impact ?? 'n/a'}) at ${n.target.join(' ')}: ${v.help}. ${n.any[0]?.message ?? ''}`),
  );
  expect.soft(violations.length, `axe: WCAG 2.1 A/AA violations on ${where}:\n${report.join('\n')}`).toBe(0);
}

/** Steps a few times, then audits the page with each pane open. */
async function auditSteppedPanes(page: Page, where: string): Promise<void> {
  for (let i = 0; i < 3; i++) await page.getByTestId('step-next').click();
  for (const pane of PANES) {
    const tab = page.getByRole('tab', { name: pane });
    if ((await tab.count()) === 0) continue;
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expectNoViolations(page, `${where}, after 3 steps, ${pane} pane`);
  }
}

test('the playground has no WCAG 2.1 A/AA violation: first run, steps, every pane', async ({ page }) => {
  await openExample(page, '01_full_outer_join');
  await expectNoViolations(page, 'the playground after the first run');
  await auditSteppedPanes(page, 'the playground');
});

test('the Export panel has no violation: exported, and refused with the message', async ({ page }) => {
  await openExample(page, '21_interval_orders_shipments');
  await page.getByTestId('export').click();
  await expect(page.getByTestId('export-status')).toContainText('Exported for');
  await expectNoViolations(page, 'the Export panel with an exported script');
  await openPage(page, `./${shareHash({ script: 'SELECT * FROM nowhere WHERE;' })}`);
  await page.getByTestId('export').click();
  await expect(page.getByTestId('export-status')).toContainText('cannot be exported');
  await expectNoViolations(page, 'the Export panel with a refused script');
});

test("Why this row?'s answer has no violation", async ({ page }) => {
  await openExample(page, '09_late_rows');
  await page.getByTestId('step-next').click();
  await settled(page);
  await page.getByTestId('why-row').click();
  await expect(page.getByTestId('why-text')).toBeVisible({ timeout: 30_000 });
  await expectNoViolations(page, "the playground with Why this row?'s answer");
  await page.getByTestId('what-if-drop').click();
  await expect(page.getByTestId('what-if-diff')).toBeVisible({ timeout: 30_000 });
  await expectNoViolations(page, 'the playground with a what-if difference');
});

test('the Lessons list and a lesson card, answered, have no violation', async ({ page }) => {
  await openExample(page, '01_full_outer_join');
  await page.getByTestId('lessons').click();
  await expect(page.getByTestId('lessons-panel')).toBeVisible();
  await expectNoViolations(page, 'the Lessons list');
  await page.locator('.jl-lesson-item').first().click();
  await page.getByTestId('lesson-choice-0').check();
  await page.getByTestId('lesson-check').click();
  await expect(page.getByTestId('lesson-feedback')).not.toBeEmpty();
  await expectNoViolations(page, 'a lesson card, answered');
});

test('the tour and talk mode have no violation', async ({ page }) => {
  await openExample(page, '09_late_rows');
  await page.getByTestId('lessons').click();
  await page.getByTestId('lessons-tour').click();
  await expect(page.getByTestId('tour')).toBeVisible();
  await expectNoViolations(page, 'the tour');
  await page.keyboard.press('Escape');
  await openPage(page, './?example=09_late_rows&talk=1');
  await expect(page.getByTestId('talk-bar')).toBeVisible();
  await expectNoViolations(page, 'talk mode');
});

test('the schema browser and the completion list have no violation', async ({ page }) => {
  await openExample(page, '09_late_rows');
  await page.getByTestId('schema-open').click();
  await expect(page.locator('[data-testid=schema] [data-table]').first()).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-testid=schema] summary').first().click();
  await expectNoViolations(page, 'the schema browser');
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type("\nSET 'joinlab.arrival' = '");
  await expect(page.locator('.cm-tooltip-autocomplete')).toBeVisible({ timeout: 30_000 });
  // the list alone (the script being written does not run: the view behind it is dimmed as stale)
  const { violations } = await new AxeBuilder({ page }).include('.cm-tooltip-autocomplete').withTags(TAGS).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('on a phone: the playground with the gallery menu open, and stepped', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openExample(page, '12_regular_join_kinds');
  const menu = page.getByTestId('gallery-menu');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expectNoViolations(page, 'the phone layout with the gallery menu open');
  await menu.click();
  await auditSteppedPanes(page, 'the phone layout');
});

// An interval join, a lookup join, a PTF with timers, a temporal join, a rejected query, and a
// window join on generated data (its wide result table scrolls; its gallery badge).
for (const name of ['21_interval_orders_shipments', '42_lookup_join_customers', '41_ptf_checkout_timers', '27_temporal_orders_rates', '16_cross_join_rejected', '17_gaming_window_join']) {
  test(`example ${name} has no violation, first run and every pane`, async ({ page }) => {
    test.setTimeout(120_000); // five audits, and a slow example under load
    await openExample(page, name);
    await expectNoViolations(page, `${name} after the first run`);
    if (await page.getByTestId('step-next').isEnabled()) await auditSteppedPanes(page, name);
  });
}

test('the ?embed=1 view has no violation', async ({ page }) => {
  const ex = galleryExamples().find((e) => e.name === '09_late_rows');
  await openPage(page, `./index.html?embed=1${shareHash({ script: exampleScript(ex!.sql), dialect: 'flink' })}`);
  await expect(page.locator('.jl-gallery')).toHaveCount(0);
  await expectNoViolations(page, 'the embed after the first run');
  await auditSteppedPanes(page, 'the embed');
  await openPage(page, `./index.html?embed=1&readonly=1${shareHash({ script: exampleScript(ex!.sql), dialect: 'flink' })}`);
  await expectNoViolations(page, 'the read-only embed');
});

test('the demo docs page has no violation: both custom elements and the iframe', async ({ page }) => {
  await page.goto('./docs-demo.html');
  await expectNoViolations(page, 'the docs demo before the engine loads');
  for (const id of ['#demo-full-outer', '#demo-late']) {
    const el = page.locator(id);
    await el.scrollIntoViewIfNeeded();
    await expect(el.getByTestId('step-sentence')).not.toBeEmpty();
    await el.getByTestId('step-last').click();
  }
  const iframe = page.locator('iframe');
  await iframe.scrollIntoViewIfNeeded();
  await expect(page.frameLocator('iframe').getByTestId('step-sentence')).not.toBeEmpty();
  await expectNoViolations(page, 'the docs demo with both elements and the iframe running');
});
