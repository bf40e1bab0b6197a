// Every gallery example: load it, step to the end, and check the changelog and the result table
// against Apache Flink's output (the oracle's .expected next to the example). Examples Flink
// cannot run (Confluent's $rowtime, state TTL) must run without error and produce rows. An
// example that shows a rejection (`-- error-at: LINE:COLUMN`) must show that error there, and
// its other queries must run. A screenshot of each example is kept in tests/e2e/artifacts/examples/.

import { expect, test } from '@playwright/test';
import { artifactPath, changelogByStep, currentStep, galleryExamples, headerLines, openExample, parseExpected, resultRows, settled, sorted } from './helpers';

for (const ex of galleryExamples()) {
  test(`gallery: ${ex.name}`, async ({ page }) => {
    await openExample(page, ex.name);
    await expect(page.locator(`[data-example="${ex.name}"]`)).toHaveAttribute('aria-current', 'true');
    const querySelect = page.getByLabel('Query to step through');
    const queries = (await querySelect.isVisible()) ? await querySelect.locator('option').count() : 1;
    const expected = ex.expected ? parseExpected(ex.expected) : null;
    if (expected) expect(queries).toBe(expected.length);

    if (ex.errorAt) {
      // The rejection, at its line and column of the script as loaded (the header is removed).
      const line = ex.errorAt.line - headerLines(ex.sql);
      await expect(page.getByTestId('error')).toContainText(`Line ${line}, column ${ex.errorAt.column}:`);
      await expect(page.locator('.cm-line').nth(line - 1).locator('.cm-lintRange-error')).not.toHaveCount(0);
      await page.screenshot({ path: artifactPath('examples', `${ex.name}-error.png`), fullPage: true });
    }

    let ran = 0;
    for (let qi = 0; qi < queries; qi++) {
      if (queries > 1) await querySelect.selectOption(String(qi));
      if (ex.errorAt) {
        await settled(page);
        if (await page.locator('.jl-not-run').isVisible()) continue;
      } else await expect(page.getByTestId('error')).toBeHidden();
      ran++;
      await page.getByTestId('step-last').click();
      await settled(page);
      const { pos, total } = await currentStep(page);
      expect(total).toBeGreaterThan(0);
      expect(pos).toBe(total);
      const changelog = await changelogByStep(page);
      const rows = await resultRows(page);
      await page.screenshot({ path: artifactPath('examples', `${ex.name}${queries > 1 ? `-q${qi + 1}` : ''}.png`), fullPage: true });

      if (!expected) {
        // No oracle (Confluent-only syntax): it runs and produces rows.
        expect([...changelog.values()].flat().length).toBeGreaterThan(0);
        expect(rows.length).toBeGreaterThan(0);
        continue;
      }
      const q = expected[qi];
      expect(q.error).toBe(false);
      // Changelog: the same rows at the same steps (one step's rows as a multiset, as `compare` does).
      expect([...changelog.keys()]).toEqual([...q.steps.keys()]);
      for (const [step, want] of q.steps) expect(sorted(changelog.get(step) ?? []), `rows of step ${step}`).toEqual(sorted(want));
      // The result table after the end of input = Flink's bounded materialization.
      if (q.bounded) expect(rows).toEqual(q.bounded);
      // One step back (the stream still open) = Flink's unbounded materialization.
      if (q.unbounded && q.bounded) {
        await page.getByTestId('step-prev').click();
        await expect(page.locator('.jl-counter')).toHaveText(`step ${total - 1}/${total}`);
        await settled(page);
        expect(await resultRows(page)).toEqual(q.unbounded);
      }
    }
    expect(ran).toBeGreaterThan(0);
  });
}
