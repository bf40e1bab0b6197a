// Loading states (playground.ts, engine/worker.ts, engine/client.ts): while the engine downloads,
// the page says "loading the engine (N MB)…" with its progress and the controls are disabled;
// once the first run is done they work. While a new text runs, the trace of the old one is
// greyed with "running…" (never shown as if it were the new script's).

import { statSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { artifactPath, ROOT } from './helpers';

/** The wasm's size as the page states it (MB, one decimal). */
function wasmMb(): string {
  const dir = path.join(ROOT, 'dist/assets');
  // (joinlab-export-*.wasm is the exporter, loaded by the Export button only)
  const f = readdirSync(dir).find((n) => n.endsWith('.wasm') && !n.startsWith('joinlab-export-'));
  return (statSync(path.join(dir, f ?? '')).size / 1_000_000).toFixed(1);
}

test('the controls are disabled and the loading line shows the size until the first run', async ({ page }) => {
  // Every text the loading line shows, as it changes.
  await page.addInitScript(() => {
    const w = window as unknown as { __loadingTexts: string[] };
    w.__loadingTexts = [];
    new MutationObserver(() => {
      const t = document.querySelector('[data-testid=engine-loading]')?.textContent ?? '';
      if (t && w.__loadingTexts[w.__loadingTexts.length - 1] !== t) w.__loadingTexts.push(t);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // A slow link: the wasm arrives after 2.5 s.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/*.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('./?example=07_hop_join');
  const loading = page.getByTestId('engine-loading');
  await expect(loading).toBeVisible();
  await expect(loading).toContainText('loading the engine');
  await expect(page.getByTestId('run')).toBeDisabled();
  await expect(page.getByLabel('Dialect')).toBeDisabled();
  await expect(page.getByTestId('step-next')).toBeDisabled();
  await expect(page.getByTestId('step-slider')).toBeDisabled();
  await expect(page.getByLabel('Arrival order')).toBeDisabled();
  await page.screenshot({ path: artifactPath('loading', 'engine-loading.png') });
  await page.waitForTimeout(500);
  await expect(page.getByTestId('run')).toBeDisabled();
  release();
  await expect(page.locator('.jl-counter')).toHaveText('step 1/9');
  await expect(loading).toBeHidden();
  await expect(page.getByTestId('run')).toBeEnabled();
  await expect(page.getByTestId('step-next')).toBeEnabled();
  await expect(page.getByLabel('Dialect')).toBeEnabled();
  const texts = await page.evaluate(() => (window as unknown as { __loadingTexts: string[] }).__loadingTexts);
  // The size the server gives (the wasm is served uncompressed here), with progress.
  expect(texts.some((t) => t.includes(`loading the engine (${wasmMb()} MB)…`))).toBe(true);
});

test('a stale trace is greyed with "running…" while the new text runs', async ({ page }) => {
  // Holds the engine's 'load' requests while window.__hold is set (a slow run, on demand).
  await page.addInitScript(() => {
    const w = window as unknown as { __hold: boolean; __held: (() => void)[] };
    w.__hold = false;
    w.__held = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, msg: unknown, ...rest: unknown[]) {
      if (w.__hold && (msg as { type?: string })?.type === 'load') w.__held.push(() => (post as (...a: unknown[]) => void).call(this, msg, ...rest));
      else (post as (...a: unknown[]) => void).call(this, msg, ...rest);
    } as typeof Worker.prototype.postMessage;
  });
  await page.goto('./?example=07_hop_join');
  await expect(page.locator('.jl-counter')).toHaveText('step 1/9');
  const visual = page.locator('.jl-visual');
  await expect(visual).not.toHaveAttribute('data-stale', '');
  await page.evaluate(() => ((window as unknown as { __hold: boolean }).__hold = true));
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n-- edited');
  // The new text's run has started (and is held): the old trace is greyed, "running…".
  await expect(page.locator('.jl-status')).toHaveText(/^running…/);
  const seen = await visual.evaluate((el) => ({
    stale: el.hasAttribute('data-stale'),
    busy: el.getAttribute('aria-busy'),
    opacity: Number(getComputedStyle(el).opacity),
    badge: getComputedStyle(el, '::before').content,
  }));
  expect(seen).toEqual({ stale: true, busy: 'true', opacity: 0.45, badge: '"running…"' });
  await page.screenshot({ path: artifactPath('loading', 'stale-running.png') });
  await page.evaluate(() => {
    const w = window as unknown as { __hold: boolean; __held: (() => void)[] };
    w.__hold = false;
    for (const f of w.__held.splice(0)) f();
  });
  await expect(page.locator('.jl-status')).toHaveText(/ran in/);
  await expect(visual).not.toHaveAttribute('data-stale', '');
  await expect(page.locator('.jl-counter')).toHaveText(/\/9$/);
});
