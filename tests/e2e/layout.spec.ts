// The page's layout (issue 15): one screen per step at 1400×900 (a sticky step bar, the changelog
// and result beside the timeline), the changelog as a table with an `op` column and the query's
// column names, the example text that folds away, a gallery pick that brings the playground up; on
// a 390×844 phone, a page that never scrolls sideways, the gallery behind a menu and the step bar
// in the first screen; focus visible on every control; the iframe embed sized from its content;
// the legend listing only the query's marks; quiet announcements while playing fast.

import { expect, type Page, test } from '@playwright/test';
import { artifactPath, openExample, openPage, settled } from './helpers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1400, height: 900 };

async function pickQuery(page: Page, i: number): Promise<void> {
  await page.getByLabel('Query to step through').selectOption(String(i));
  await settled(page);
}

/** The document's width against the window's (a page that scrolls sideways is wider). */
async function widths(page: Page): Promise<{ scroll: number; inner: number }> {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
}

test.describe('on a 390×844 phone', () => {
  test.use({ viewport: PHONE });

  test('the page never scrolls sideways, at any step, in any tab', async ({ page }) => {
    // A window join, regular joins (the state pane's wide table), a lookup join's store, a PTF's
    // state, a temporal join, a three-way join, an interval join, a search function.
    const examples = ['01_full_outer_join', '12_regular_join_kinds', '42_lookup_join_customers', '38_ptf_median', '27_temporal_orders_rates', '15_three_way_multi_join', '21_interval_orders_shipments', '45_rag_vector_search'];
    for (const name of examples) {
      await openExample(page, name);
      for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'End']) {
        await page.keyboard.press(key);
        await settled(page);
        const w = await widths(page);
        expect(w.scroll, `${name} after ${key}`).toBeLessThanOrEqual(w.inner);
      }
      for (const tab of ['State', 'Data', 'Timeline table', 'Plan']) {
        await page.getByRole('tab', { name: tab }).click();
        await settled(page);
        const w = await widths(page);
        expect(w.scroll, `${name}, ${tab} tab`).toBeLessThanOrEqual(w.inner);
      }
    }
  });

  test('the embed view (several queries: the query selector) fits the phone', async ({ page }) => {
    await openPage(page, './?embed=1&example=02_seed_rowtime_queries');
    await expect(page.getByLabel('Query to step through')).toBeVisible();
    await page.keyboard.press('End');
    await settled(page);
    const w = await widths(page);
    expect(w.scroll).toBeLessThanOrEqual(w.inner);
  });

  test('the playground comes first: the gallery is behind a menu, the step bar in the first screen', async ({ page }) => {
    await openExample(page, '01_full_outer_join');
    const firstItem = page.locator('.jl-gallery-item').first();
    await expect(firstItem).toBeHidden();
    // The step bar is on the first screen without scrolling (fixed at its bottom, in thumb's reach).
    const bar = await page.locator('.jl-stepbar').boundingBox();
    expect(bar).not.toBeNull();
    expect(bar?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    await expect(page.getByTestId('step-next')).toBeInViewport();
    // The example's text starts folded; the editor is on the first screen too.
    await expect(page.locator('.jl-about-text')).toBeHidden();
    await expect(page.getByTestId('run')).toBeInViewport();
    await page.screenshot({ path: artifactPath('layout', 'phone-390x844.png') });
    // Stepping from the bar at the bottom, after scrolling down to the timeline: it stays in reach.
    await page.locator('.timeline').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('step-next')).toBeInViewport();
    await page.getByTestId('step-next').click();
    await expect(page.locator('.jl-counter')).toHaveText('step 2/7');
    await page.screenshot({ path: artifactPath('layout', 'phone-390x844-timeline.png') });

    // The menu opens the gallery; a pick closes it and loads the example.
    const menu = page.getByTestId('gallery-menu');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(firstItem).toBeVisible();
    await page.screenshot({ path: artifactPath('layout', 'phone-390x844-menu.png') });
    await page.locator('.jl-gallery-item[data-example="09_late_rows"]').click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(firstItem).toBeHidden();
    await expect(page.locator('.jl-about h2')).toHaveText('Late rows are dropped');
  });
});

test.describe('at 1400×900', () => {
  test.use({ viewport: DESKTOP });

  test('a step fits one screen: controls, sentence, timeline, changelog and result', async ({ page }) => {
    await openExample(page, '12_regular_join_kinds');
    await pickQuery(page, 0);
    // Step 3: product 10 arrives and both waiting orders join (two rows at once).
    await page.getByTestId('step-next').click();
    await page.getByTestId('step-next').click();
    await expect(page.locator('.jl-counter')).toHaveText('step 3/9');
    await settled(page);
    await expect(page.getByTestId('changelog-row').first()).toBeInViewport();
    await expect(page.getByTestId('result-table').locator('tbody tr').first()).toBeInViewport({ ratio: 1 });
    for (const id of ['step-next', 'step-slider', 'step-sentence']) await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
    await expect(page.locator('.timeline canvas')).toBeInViewport();
    await page.screenshot({ path: artifactPath('layout', 'desktop-1400x900.png') });

    // Scrolling the page (down the editor) keeps the step bar and the step's view on screen.
    await page.evaluate(() => scrollBy(0, 600));
    await settled(page);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(100);
    await expect(page.getByTestId('step-next')).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('changelog-row').first()).toBeInViewport();
  });

  test('the changelog is a table: an op column and the query’s column names', async ({ page }) => {
    await openExample(page, '12_regular_join_kinds');
    await pickQuery(page, 0);
    await page.keyboard.press('End');
    const head = page.getByTestId('changelog-head');
    await expect(head.locator('span')).toHaveText(['op', 'order_id', 'qty', 'id', 'name']);
    // Each value is in its column: the first value cell of every row starts where `order_id` does.
    const x = await head.locator('span').nth(1).evaluate((e) => e.getBoundingClientRect().left);
    const lefts = await page.locator('[data-testid=changelog-row] .jl-cl-v:nth-child(2)').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left));
    expect(lefts.length).toBeGreaterThan(3);
    for (const l of lefts) expect(Math.abs(l - x)).toBeLessThan(1.5);
    // The row's text is still exactly the CLI's (copying a row gives it).
    await expect(page.getByTestId('changelog-row').first()).toHaveText('+I[1, 2, 10, Apple]');
    await expect(page.getByTestId('changelog-row').first().locator('.jl-cl-op')).toHaveText('+I[');
  });

  test('the result table is not cut: a narrow card wraps its values and headers', async ({ page }) => {
    await openExample(page, '01_full_outer_join');
    await page.keyboard.press('End');
    await settled(page);
    const scroll = page.getByTestId('result-table').locator('xpath=..');
    const fit = await scroll.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    await expect(page.getByTestId('result-table').locator('th').last()).toHaveText('window_end');
  });

  test('the example text folds away', async ({ page }) => {
    await openExample(page, '01_full_outer_join');
    const text = page.locator('.jl-about-text');
    const toggle = page.getByTestId('about-toggle');
    await expect(text).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(text).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveText('Show the text');
    await toggle.click();
    await expect(text).toBeVisible();
  });

  test('picking an example low in the gallery brings the playground up', async ({ page }) => {
    await openExample(page, '01_full_outer_join');
    const low = page.locator('.jl-gallery-item').last();
    await low.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(900);
    await low.click();
    await expect(page.locator('.jl-about h2')).toHaveText((await low.locator('.jl-gallery-title').textContent()) ?? '');
    await settled(page);
    const top = await page.locator('.jl-main').evaluate((e) => e.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(120);
    await expect(page.getByTestId('step-next')).toBeInViewport();
    await expect(page.getByTestId('run')).toBeInViewport();
  });

  test('the legend lists only the marks the query has, retractions included', async ({ page }) => {
    await openExample(page, '12_regular_join_kinds');
    const marks = () => page.locator('.jl-legend [data-mark]').evaluateAll((els) => els.map((e) => e.getAttribute('data-mark')));
    // The INNER join: no watermarks (no WATERMARK), no late rows, no windows, no retractions.
    await pickQuery(page, 0);
    expect(await marks()).toEqual(['row', 'row', 'out']);
    // The LEFT join retracts its NULL-padded rows: a hollow diamond, and its legend entry.
    await pickQuery(page, 1);
    expect(await marks()).toEqual(['row', 'row', 'out', 'retraction']);
    await expect(page.locator('.jl-legend [data-mark=retraction]')).toHaveText('retraction (-U / -D)');
    // A window join has watermarks and windows; it emits no retraction.
    await openExample(page, '09_late_rows');
    const w = await marks();
    expect(w).toContain('watermark');
    expect(w).toContain('late');
    expect(w).toContain('window-open');
    expect(w).not.toContain('retraction');
  });

  test('the embed posts its height and the parent sizes the iframe to it', async ({ page }) => {
    await page.goto('./docs-demo.html');
    const iframe = page.locator('iframe');
    await iframe.scrollIntoViewIfNeeded();
    const frame = page.frameLocator('iframe');
    await expect(frame.getByTestId('step-sentence')).not.toBeEmpty();
    const content = async () => frame.locator('html').evaluate((e) => Math.ceil(e.getBoundingClientRect().height));
    await expect.poll(async () => Math.abs((await iframe.evaluate((e) => e.clientHeight)) - (await content())), { timeout: 10_000 }).toBeLessThanOrEqual(2);
    // A change of the content's height (the changelog's rows at the last step) resizes the frame again.
    const before = await iframe.evaluate((e) => e.clientHeight);
    await frame.getByTestId('step-last').click();
    await expect.poll(async () => iframe.evaluate((e) => e.clientHeight)).not.toBe(before);
    await expect.poll(async () => Math.abs((await iframe.evaluate((e) => e.clientHeight)) - (await content()))).toBeLessThanOrEqual(2);
  });

  test('the page has one h1 and the settings are named by their label, described by their help', async ({ page }) => {
    await openExample(page, '01_full_outer_join');
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('h1')).toHaveText(/JoinLab/);
    const arrival = page.getByRole('combobox', { name: 'Arrival order', exact: true });
    await expect(arrival).toHaveCount(1);
    await expect(arrival).toHaveAccessibleDescription(/SET 'joinlab.arrival'/);
    await expect(page.getByRole('combobox', { name: 'Session time zone', exact: true })).toHaveAccessibleDescription(/sql.local-time-zone/);
    await expect(page.getByRole('combobox', { name: 'End of input', exact: true })).toHaveAccessibleDescription(/joinlab.mode/);
  });

  test('playing fast does not announce every step; pausing announces where it stopped', async ({ page }) => {
    await openExample(page, '12_regular_join_kinds');
    const sentence = page.getByTestId('step-sentence');
    await expect(sentence).toHaveAttribute('aria-live', 'polite');
    await page.getByLabel('Play speed').selectOption('8');
    await page.getByTestId('play').click();
    await expect(sentence).toHaveAttribute('aria-live', 'off');
    await page.getByTestId('play').click();
    await expect(sentence).toHaveAttribute('aria-live', 'polite');
    await expect(sentence).not.toBeEmpty();
    // At 1× every step is announced (a step a second can be read).
    await page.getByLabel('Play speed').selectOption('1');
    await page.getByTestId('step-first').click();
    await page.getByTestId('play').click();
    await expect(sentence).toHaveAttribute('aria-live', 'polite');
    await page.getByTestId('play').click();
  });

  test('focus is visible on every control, the header’s included', async ({ page }) => {
    await openExample(page, '01_full_outer_join');
    await page.locator('body').click({ position: { x: 5, y: 880 } });
    const seen = new Set<string>();
    const bad: string[] = [];
    let inEditor = false;
    for (let i = 0; i < 140; i++) {
      await page.keyboard.press(inEditor ? 'Escape' : 'Tab');
      if (inEditor) await page.keyboard.press('Tab');
      const f = await page.evaluate(() => {
        const e = document.activeElement as HTMLElement | null;
        if (!e || e === document.body) return null;
        const editor = e.closest('.jl-editor');
        // The editor's ring is on its box (CodeMirror's content has none of its own).
        const s = getComputedStyle(editor ?? e);
        const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
        const name = `${e.tagName.toLowerCase()}${e.dataset.testid ? `[${e.dataset.testid}]` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.split(' ')[0]}` : ''} ${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 30)}`;
        return { name, ring, editor: !!editor };
      });
      if (!f) continue;
      inEditor = f.editor && !inEditor;
      seen.add(f.name);
      if (!f.ring) bad.push(f.name);
    }
    expect(bad).toEqual([]);
    const names = [...seen].join('\n');
    // The header's controls, the gallery, the example text, the toolbar, the editor, the step bar.
    for (const want of ['a.jl-brand', 'button[share]', 'a.jl-btn Embedding', 'button.jl-gallery-item', 'button[about-toggle]', 'button[run]', 'select', 'button[step-next]', 'input[step-slider]']) expect(names).toContain(want);
  });

  test('the timeline: full band labels on focus, a tooltip that stays on screen', async ({ page }) => {
    await openExample(page, '24_window_join_of_window_aggs');
    await page.keyboard.press('End');
    await settled(page);
    const canvas = page.locator('.timeline canvas');
    const tip = page.locator('.timeline-tip');
    // Keyboard focus on the timeline: every band's label in full (the drawing cuts them with "…").
    await canvas.focus();
    await expect(tip).toBeVisible();
    await expect(tip).toContainText('window [00:00, 00:00:05) fired at step');
    await expect(tip).toContainText('more (hover a band to read it)');
    await expect(tip).toBeInViewport({ ratio: 1 });
    await canvas.blur();
    await expect(tip).toBeHidden();
    // Hovering the marks along the right edge: the tooltip is never cut by the box or the window.
    const box = await page.locator('.timeline').boundingBox();
    if (!box) throw new Error('no timeline');
    let shown = 0;
    for (let y = 30; y < box.height - 4; y += 8) {
      await page.mouse.move(box.x + box.width - 60, box.y + y);
      if (!(await tip.isVisible())) continue;
      shown++;
      // Wholly visible: neither the timeline's box nor the window cuts it (ratio 1 counts both).
      await expect(tip, `tooltip at y=${y}`).toBeInViewport({ ratio: 1 });
    }
    expect(shown).toBeGreaterThan(0);
  });

  test('the held-back line: worded for a join with no watermark yet, and only where a window waits', async ({ page }) => {
    const held = page.getByTestId('held-back');
    // A temporal join before orders sends a watermark: it has none (not "it stays at none yet").
    await openExample(page, '27_temporal_orders_rates');
    await expect(held).toBeVisible();
    await expect(held).toContainText('Join watermark held back by orders: it has none yet, since orders has sent no watermark yet, while currency_rates is at 09:00:00.000');
    await expect(held).not.toContainText('stays at none yet');
    // A window join at step 1: LeftTable's watermark (12:22:47) is before the end of the only
    // window: no window waits for RightTable, so nothing is said to be held back.
    await openExample(page, '01_full_outer_join');
    await expect(page.locator('.jl-counter')).toHaveText('step 1/7');
    await expect(held).toBeHidden();
    // The idle source: clicks passed the windows' ends, purchases holds them: shown, even once clicks is at +∞.
    await openExample(page, '20_idle_source');
    await page.getByTestId('step-slider').fill('25');
    await expect(held).toBeVisible();
    await expect(held).toContainText('while clicks is at +∞');
    await page.getByTestId('step-slider').fill('5');
    await expect(held).toBeHidden();
  });
});
