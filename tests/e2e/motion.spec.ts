// prefers-reduced-motion (www/src/style.css): with `reduce`, nothing on the page animates or
// transitions (CodeMirror's cursor stops blinking) and nothing scrolls smoothly, whatever the
// person does: load, focus the editor, hover, step, play, every tab, an example low in the
// gallery (the page scrolls the playground up at once); an engine download of unknown size shows
// no indeterminate progress bar (the browser animates those itself). Without the preference the
// cursor blinks and that bar shows: the same checks see them, so they can fail.

import { expect, type Page, test } from '@playwright/test';

/** Every animation or transition running, and every element that would animate, transition or
 * scroll smoothly (its computed style). */
function motion(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = document.getAnimations().map((a) => `running: ${(a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty ?? a.id}`);
    for (const e of document.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after']) {
        const s = getComputedStyle(e, pseudo);
        const name = `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''}${pseudo ?? ''}`;
        if (s.animationName !== 'none' && s.animationName !== '') out.push(`${name} animation ${s.animationName}`);
        if (s.transitionDuration.split(',').some((d) => parseFloat(d) > 0)) out.push(`${name} transition ${s.transitionProperty} ${s.transitionDuration}`);
        if (s.scrollBehavior === 'smooth') out.push(`${name} scroll-behavior smooth`);
      }
    }
    return out;
  });
}

/** A session that touches everything that could move. */
async function session(page: Page, check: (where: string) => Promise<void>): Promise<void> {
  await page.goto('./?example=07_hop_join');
  await expect(page.locator('.jl-counter')).toHaveText('step 1/9');
  await check('load');
  await page.locator('.cm-content').click();
  await page.getByTestId('step-next').hover();
  await check('editor focused, a button hovered');
  await page.getByTestId('step-next').click();
  await page.getByTestId('play').click();
  await expect(page.locator('.jl-counter')).not.toHaveText('step 2/9');
  await check('playing');
  await page.getByTestId('play').click();
  for (const tab of await page.getByRole('tab').all()) {
    await tab.click();
    await check(`tab ${await tab.textContent()}`);
  }
}

test('with prefers-reduced-motion: reduce, nothing animates, transitions or scrolls smoothly', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await session(page, async (where) => expect(await motion(page), where).toEqual([]));
  // An example low in the gallery: the page brings the playground up at once, not smoothly.
  await page.setViewportSize({ width: 1400, height: 700 });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(200);
  await page.locator('.jl-gallery-item').last().click();
  const now = await page.evaluate(() => window.scrollY);
  await page.waitForTimeout(400);
  expect(await page.evaluate(() => window.scrollY)).toBe(now);
  expect(now).toBeLessThan(before);
});

test('without the preference the cursor blinks (the check sees an animation)', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('./?example=07_hop_join');
  await expect(page.locator('.jl-counter')).toHaveText('step 1/9');
  await page.locator('.cm-content').click();
  expect(await motion(page)).toContain('running: cm-blink');
});

/** The engine download as from a server that gives no size (the worker's progress messages
 * with `total` 0), recording whether an indeterminate <progress> (the browser's own animation)
 * was ever put on the page. */
async function indeterminateBars(page: Page, reducedMotion: 'reduce' | 'no-preference'): Promise<number> {
  await page.emulateMedia({ reducedMotion });
  await page.addInitScript(() => {
    const w = window as unknown as { __bars: number };
    w.__bars = 0;
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n instanceof HTMLProgressElement && !n.hasAttribute('value')) w.__bars++;
    }).observe(document, { subtree: true, childList: true });
    const desc = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage');
    Object.defineProperty(Worker.prototype, 'onmessage', {
      configurable: true,
      set(this: Worker, fn: ((ev: MessageEvent) => void) | null) {
        desc?.set?.call(this, fn && ((ev: MessageEvent) => fn(ev.data?.type === 'progress' ? new MessageEvent('message', { data: { ...ev.data, total: 0 } }) : ev)));
      },
      get(this: Worker) {
        return desc?.get?.call(this);
      },
    });
  });
  await page.goto('./?example=07_hop_join');
  await expect(page.locator('.jl-counter')).toHaveText('step 1/9');
  return page.evaluate(() => (window as unknown as { __bars: number }).__bars);
}

test('the engine download of unknown size shows no indeterminate (animated) bar under reduced motion', async ({ page }) => {
  expect(await indeterminateBars(page, 'reduce')).toBe(0);
});

test('without the preference that download shows an indeterminate bar (the check sees it)', async ({ page }) => {
  expect(await indeterminateBars(page, 'no-preference')).toBeGreaterThan(0);
});
