// The lessons (issue 19, www/src/lessons/): every lesson's right answer is what the engine emits at
// its step, and each wrong answer is not (checked against the native CLI: the lessons are written
// by hand, this keeps them true); a lesson opens its example at the step before its question,
// Check says right or wrong with the reason, the step button shows the answer on the page, and
// progress is kept in localStorage across a reload; all by keyboard too.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LESSONS } from '../../www/src/lessons/lessons';
import { EXAMPLES_DIR, ROOT, settled } from './helpers';

const target = process.env.CARGO_TARGET_DIR ? path.resolve(ROOT, process.env.CARGO_TARGET_DIR) : path.join(ROOT, 'target');
const cli = path.join(target, 'debug/joinlab');

test.beforeAll(() => {
  if (!existsSync(cli)) execFileSync('cargo', ['build', '-q', '-p', 'joinlab-cli'], { cwd: ROOT, stdio: 'inherit' });
});

/** The changelog rows the native CLI prints under `# step N:` of query 1 (the page's dialect). */
function rowsAt(example: string, step: number): string[] {
  const text = execFileSync(cli, ['run', path.join(EXAMPLES_DIR, `${example}.sql`)], { encoding: 'utf8' });
  const q1 = text.split(/^== query 2/m)[0];
  const lines = q1.split('\n');
  const at = lines.findIndex((l) => l.startsWith(`# step ${step}:`));
  expect(at, `${example}: step ${step}`).toBeGreaterThanOrEqual(0);
  const out: string[] = [];
  for (const l of lines.slice(at + 1)) {
    if (l.startsWith('#') || l.startsWith('==')) break;
    if (/^[+-][IUD]\[/.test(l)) out.push(l);
  }
  return out;
}

test('every lesson: the right answer is what the engine emits at its step, no wrong answer is', () => {
  expect(LESSONS.length).toBeGreaterThanOrEqual(8);
  for (const l of LESSONS) {
    const rows = rowsAt(l.example, l.step);
    expect(l.choices[l.answer].rows, `${l.id}: the right answer`).toEqual(rows);
    l.choices.forEach((c, k) => {
      if (k !== l.answer) expect(c.rows, `${l.id}: choice ${k} is wrong`).not.toEqual(rows);
    });
  }
});

test('a lesson: opens at the step before, checks the answer, steps to it, keeps the progress', async ({ page }) => {
  await page.goto('./');
  await expect(page.locator('[data-testid=step-sentence]:not(:empty)')).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('joinlab.lessons.v1'));
  await page.getByTestId('lessons').click();
  const panel = page.getByTestId('lessons-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('lessons-progress')).toContainText(`0 of ${LESSONS.length} answered right`);
  // Escape closes the list
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await page.getByTestId('lessons').click();
  // the second lesson, by keyboard: the first is focused, Tab to the second, Enter
  await expect(page.locator(`[data-lesson=${LESSONS[0].id}]`)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator(`[data-lesson=${LESSONS[1].id}]`)).toBeFocused();
  await page.keyboard.press('Enter');
  const l = LESSONS[1];
  const card = page.getByTestId('lesson-card');
  await expect(card).toContainText(`Lesson 2 of ${LESSONS.length}: ${l.title}`);
  await settled(page);
  await expect(page.locator('.jl-counter')).toHaveText(new RegExp(`^step ${l.step - 1}/`));
  // a wrong answer first: it says which is right, and why
  const wrong = l.answer === 0 ? 1 : 0;
  await page.getByTestId(`lesson-choice-${wrong}`).check();
  await page.getByTestId('lesson-check').click();
  await expect(page.getByTestId('lesson-feedback')).toContainText('Not quite');
  await expect(page.getByTestId('lesson-feedback')).toContainText(l.why);
  // then the right one, with the keyboard
  await page.getByTestId(`lesson-choice-${l.answer}`).focus();
  await page.keyboard.press('Space');
  await page.getByTestId('lesson-check').click();
  await expect(page.getByTestId('lesson-feedback')).toContainText('Right.');
  // the step button shows the step on the page: its changelog rows are the answer's
  await page.getByTestId('lesson-see').click();
  await settled(page);
  await expect(page.locator('.jl-counter')).toHaveText(new RegExp(`^step ${l.step}/`));
  await expect(page.locator('[data-testid=step-sentence]')).not.toBeEmpty();
  // progress survives a reload
  await page.reload();
  await expect(page.locator('[data-testid=step-sentence]:not(:empty)')).toBeVisible();
  await page.getByTestId('lessons').click();
  await expect(page.getByTestId('lessons-progress')).toContainText(`1 of ${LESSONS.length} answered right`);
  await expect(page.locator(`[data-lesson=${l.id}]`)).toContainText('answered');
  // the next lesson from a card
  await page.locator(`[data-lesson=${l.id}]`).click();
  await page.getByTestId(`lesson-choice-${l.answer}`).check();
  await page.getByTestId('lesson-check').click();
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-card')).toContainText(`Lesson 3 of ${LESSONS.length}: ${LESSONS[2].title}`);
  await page.getByTestId('lesson-close').click();
  await expect(page.getByTestId('lesson-card')).toHaveCount(0);
});
