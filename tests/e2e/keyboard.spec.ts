// The keyboard-only walkthrough (issue 17, "Accessible"): load, pick a gallery example, edit,
// step, open every pane, leave the editor with Escape then Tab, with page.keyboard only (no
// click anywhere), checking where the focus is at each step: the gallery is one tab stop (↑ ↓
// inside it), the editor never traps Tab, the step keys and the tabs answer to the keyboard.

import { expect, type Page, test } from '@playwright/test';

/** What has the focus: its test id, gallery example, role or tag, and its label or text. */
function focused(page: Page): Promise<{ id: string; example: string; role: string; tag: string; label: string; inEditor: boolean }> {
  return page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    return {
      id: e?.dataset.testid ?? '',
      example: e?.dataset.example ?? '',
      role: e?.getAttribute('role') ?? '',
      tag: e?.tagName.toLowerCase() ?? '',
      label: (e?.getAttribute('aria-label') ?? e?.textContent ?? '').trim().slice(0, 60),
      inEditor: !!e?.closest('.cm-editor'),
    };
  });
}

/** Presses Tab until `done` holds for the focus (at most `max` times); returns the stops passed. */
async function tabUntil(page: Page, done: (f: Awaited<ReturnType<typeof focused>>) => boolean, max: number): Promise<string[]> {
  const passed: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (done(f)) return passed;
    passed.push(f.id || f.example || f.role || `${f.tag} ${f.label}`);
  }
  throw new Error(`not reached in ${max} Tabs; passed: ${passed.join(' | ')}`);
}

test('keyboard only: pick an example, edit, leave the editor, step, open every pane', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('./?example=01_full_outer_join');
  await expect(page.locator('[data-testid=step-sentence]:not(:empty)')).toBeVisible();
  const counter = page.locator('.jl-counter');

  // The header's five stops, then the gallery: ONE stop, on the example shown.
  const header = await tabUntil(page, (f) => !!f.example, 7);
  expect(header).toEqual(['a ⋈JoinLab', 'share', 'lessons', 'export', 'a Embedding']);
  expect(await focused(page)).toMatchObject({ example: '01_full_outer_join' });
  await expect(page.locator('#jl-gallery-keys')).toBeVisible();
  // ↓ six times: the seventh example (End and Home stay in the gallery, never step).
  await page.keyboard.press('End');
  expect((await focused(page)).example).toMatch(/^52_/);
  await page.keyboard.press('Home');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
  expect(await focused(page)).toMatchObject({ example: '07_hop_join' });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('about')).toContainText('HOP window join');
  await expect(counter).toHaveText('step 1/9');

  // Out of the gallery in one Tab, then the about text's controls, Run, the dialect, the editor.
  const toEditor = await tabUntil(page, (f) => f.inEditor, 8);
  expect(toEditor[0]).toBe('about-toggle');
  expect(toEditor).toContain('run');
  expect(toEditor.some((s) => /^(button|a) /.test(s) && /Examples|window join/.test(s))).toBe(false);
  expect((await focused(page)).id).toBe('editor');

  // Edit: the text runs (debounced), the editor keeps the focus.
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n-- typed with the keyboard');
  await expect(page.locator('.cm-content')).toContainText('-- typed with the keyboard');
  await expect(page.locator('.jl-status')).toHaveText(/ran in/);
  expect((await focused(page)).inEditor).toBe(true);
  // Ctrl-M: Tab indents (the editor keeps the focus) ...
  await page.keyboard.press('Control+m');
  await page.keyboard.press('Tab');
  expect((await focused(page)).inEditor).toBe(true);
  await expect(page.locator('.cm-line').last()).toHaveText(/^\s+-- typed with the keyboard$/);
  // ... and Escape then Tab leaves it, to the first stop after it (the settings).
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  const after = await focused(page);
  expect(after.inEditor).toBe(false);
  expect(after).toMatchObject({ tag: 'summary', label: 'Settings' });

  // Step with the step controls: Enter on "next", then the page's keys on the buttons.
  await tabUntil(page, (f) => f.id === 'step-next', 15);
  await page.keyboard.press('Enter');
  await expect(counter).toHaveText('step 2/9');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('step 3/9');
  await page.keyboard.press('End');
  await expect(counter).toHaveText(/9\/9/);
  await page.keyboard.press('Home');
  await expect(counter).toHaveText('step 1/9');
  // The slider: arrows move it one step.
  await tabUntil(page, (f) => f.id === 'step-slider', 4);
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('step 2/9');

  // Why this row? and What if (the row is written in a multi-row INSERT: its buttons are
  // keyboard stops), then the events of the step (a disclosure), then every tab of the panes.
  const between = await tabUntil(page, (f) => f.tag === 'summary' && f.label.startsWith('Events'), 20);
  expect(between[0]).toBe('why-row');
  expect(between.filter((x) => !/^(why-|what-if-)/.test(x)), between.join(' | ')).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page.locator('details:has(> summary:text-matches("^Events"))')).toHaveAttribute('open', '');
  await tabUntil(page, (f) => f.role === 'tab', 25);
  const names = ['State', 'Data', 'Timeline table', 'Plan', 'State'];
  for (let i = 0; i < names.length; i++) {
    if (i) await page.keyboard.press('ArrowRight');
    const tab = page.getByRole('tab', { name: names[i], exact: true });
    await expect(tab).toBeFocused();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = page.locator(`[role=tabpanel][aria-labelledby="${await tab.getAttribute('id')}"]`);
    await expect(panel).toBeVisible();
  }
  // ← steps back through the tabs (not the timeline): the step stays.
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Plan' })).toBeFocused();
  await expect(counter).toHaveText('step 2/9');
  // Shift+Tab walks back out the same way.
  await page.keyboard.press('Shift+Tab');
  expect((await focused(page)).role).not.toBe('tab');
});
