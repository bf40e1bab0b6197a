// Lookup joins on the page (issue 14, "On the page"): the store of a lookup table drawn beside
// the streams (the Store card under the timeline, and the LookupJoin's view in the State tab),
// rebuilt by the page model from the trace's `lookup_store` events, and each looked-up row drawn
// as a probe into it. Every expectation below is derived by hand from the example's script and
// Flink's lookup-join semantics as the oracle's README states them ("Lookup joins": each
// lookup-table row is applied to the store at its step, keyed by the PRIMARY KEY — +I/+U put the
// row, -U/-D remove the key's row —; a probe sees exactly the rows that arrived before it; a NULL
// key finds nothing; a later change never revises an emitted row). The changelogs themselves are
// Flink's (the examples' .expected files, checked by gallery.spec.ts).
//
// Store order: the model lists rows in the order they entered the store, a replacing row at the
// end (ops/lookup_join.rs keeps them so; Flink's store has no order of its own).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { artifactPath, openExample, openPage, ROOT, settled, shareHash } from './helpers';

const counter = (page: Page) => page.locator('.jl-counter');
const sentence = (page: Page) => page.getByTestId('step-sentence');

async function goToStep(page: Page, step: number): Promise<void> {
  await page.getByTestId('step-slider').fill(String(step));
  await expect(counter(page)).toHaveText(new RegExp(`(^step ${step}/|· ${step}/)`));
  await settled(page);
}

async function selectQuery(page: Page, i: number): Promise<void> {
  await page.getByLabel('Query to step through').selectOption(String(i));
  await settled(page);
}

const store = (page: Page, table: string) => page.locator(`[data-testid=lookup-store][data-table="${table}"]`);

/** The rows of a store table as `values @step status` (status: written, gone, found, rejected or ''). */
async function storeRows(scope: Locator): Promise<string[]> {
  return scope.locator('[data-testid=store-row]').evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll('td')];
      const values = cells.slice(0, cells.length - 2).map((c) => c.textContent ?? '');
      return `${values.join(' | ')} @${tr.getAttribute('data-step')} ${tr.getAttribute('data-status') ?? ''}`.trim();
    }),
  );
}

test('gallery 42: the customers store step by step, each order probing it', async ({ page }) => {
  await openExample(page, '42_lookup_join_customers');
  // Query 2: the LEFT lookup join (query 1 is the INNER one, query 3 the regular join).
  await selectQuery(page, 1);
  const s = store(page, 'customers');

  // Steps 1–2 insert customers 1 and 2: step 2 wrote Bob's row; no lookup yet.
  await goToStep(page, 2);
  await expect(s).toBeVisible();
  expect(await storeRows(s)).toEqual(['1 | Alice | silver @1', '2 | Bob | gold @2 written']);
  await expect(s.getByTestId('store-size')).toHaveText('2 rows');
  await expect(s.getByTestId('lookup-probe')).toHaveCount(0);

  // Step 3: order 100 (customer 1) looks up id 1 and finds Alice silver; the +U of customer 1 is
  // step 5, after it, and does not revise the row it emitted.
  await goToStep(page, 3);
  const probe = s.getByTestId('lookup-probe');
  await expect(probe).toHaveCount(1);
  await expect(probe.getByTestId('probe-row')).toHaveText('orders +I[100, 1]');
  await expect(probe.getByTestId('probe-key')).toContainText('looks up customers by id 1');
  await expect(probe.getByTestId('probe-found')).toContainText('1 row found: (Alice, silver)');
  await expect(probe.getByTestId('probe-result')).toContainText('emits 1 row: +I[100, 1, 1, Alice, silver]');
  await expect(probe.getByTestId('probe-result')).toContainText('in the result as +I[100, 1, Alice, silver]');
  await expect(probe.getByTestId('probe-later')).toContainText('The update at step 5 comes later and will not change this row');
  expect(await storeRows(s)).toEqual(['1 | Alice | silver @1 found', '2 | Bob | gold @2']);
  await expect(sentence(page)).toContainText('id 1 looked up in customers: 1 row (Alice, silver); the update at step 5 comes later and will not change this row');
  await page.getByTestId('lookup-stores').screenshot({ path: artifactPath('lookup', '42-step-3.png') });

  // Step 4: order 101 finds Bob; the -D of customer 2 (step 7) comes later.
  await goToStep(page, 4);
  await expect(sentence(page)).toContainText('id 2 looked up in customers: 1 row (Bob, gold); the delete at step 7 comes later and will not change this row');

  // Step 5: +U[1, Alice, gold] replaces Alice silver: the old row struck through, the new one last.
  await goToStep(page, 5);
  expect(await storeRows(s)).toEqual(['1 | Alice | silver @1 gone', '2 | Bob | gold @2', '1 | Alice | gold @5 written']);
  await expect(s.locator('tr[data-status=gone] del')).toHaveText(['1', 'Alice', 'silver']);
  await expect(s.getByTestId('store-size')).toHaveText('2 rows');
  await expect(s.locator('tr[data-status=written]')).toContainText('replaces the row of step 1');
  await page.getByTestId('lookup-stores').screenshot({ path: artifactPath('lookup', '42-step-5.png') });

  // The State tab's LookupJoin view is the same table (from the model: no re-run).
  const state = page.getByTestId('state-pane');
  expect(await storeRows(state)).toEqual(['1 | Alice | silver @1 gone', '2 | Bob | gold @2', '1 | Alice | gold @5 written']);

  // Step 7: -D[2, Bob, gold] removes Bob; one row left.
  await goToStep(page, 7);
  expect(await storeRows(s)).toEqual(['2 | Bob | gold @2 gone', '1 | Alice | gold @5']);
  await expect(s.locator('tr[data-status=gone]')).toContainText('deleted at this step');
  await expect(s.getByTestId('store-size')).toHaveText('1 row');

  // Step 8: order 103 (customer 2) finds nothing: padded (LEFT); Bobby's insert is step 10.
  await goToStep(page, 8);
  await expect(probe.getByTestId('probe-found')).toContainText('no row of customers has id 2');
  await expect(probe.getByTestId('probe-result')).toContainText('padded with NULLs');
  await expect(sentence(page)).toContainText('id 2 looked up in customers: 0 rows, so the row comes out padded with NULLs; the insert at step 10 comes later and will not change the padded row');
  expect(await storeRows(s)).toEqual(['1 | Alice | gold @5']);

  // Step 10: customer 2 is back as Bobby bronze.
  await goToStep(page, 10);
  expect(await storeRows(s)).toEqual(['1 | Alice | gold @5', '2 | Bobby | bronze @10 written']);

  // Step 11: order 105 finds Bobby; no later change of id 2.
  await goToStep(page, 11);
  expect(await storeRows(s)).toEqual(['1 | Alice | gold @5', '2 | Bobby | bronze @10 found']);
  await expect(probe.getByTestId('probe-later')).toHaveCount(0);
  await expect(sentence(page)).toContainText('id 2 looked up in customers: 1 row (Bobby, bronze); later changes of customers will not change what it emitted');

  // Step 13: order 107 has a NULL cust_id: nothing is looked up, nothing highlighted.
  await goToStep(page, 13);
  await expect(sentence(page)).toContainText('id is NULL, and a NULL key finds nothing: Flink never sends it to the store, so the row comes out padded with NULLs');
  await expect(probe).toHaveClass(/jl-probe-null/);
  await expect(probe.getByTestId('probe-found')).toContainText('a NULL key finds nothing: Flink never sends it to the store');
  expect(await storeRows(s)).toEqual(['1 | Alice | gold @5', '2 | Bobby | bronze @10']);
  await page.getByTestId('lookup-stores').screenshot({ path: artifactPath('lookup', '42-step-13.png') });

  // The regular join (query 3) has no lookup: no store card.
  await selectQuery(page, 2);
  await expect(page.getByTestId('lookup-stores')).toBeHidden();
  await expect(page.locator('[data-failed]')).toHaveCount(0);
});

test('keyboard: a store link goes to its step, the arrow keys step on and the store follows', async ({ page }) => {
  await openExample(page, '42_lookup_join_customers');
  await selectQuery(page, 1);
  await goToStep(page, 3);
  const s = store(page, 'customers');
  // The probe's "go to step 5" link (the later update), by keyboard.
  const later = s.getByTestId('probe-later').getByRole('button');
  await later.focus();
  await page.keyboard.press('Enter');
  await expect(counter(page)).toHaveText('step 5/14');
  // The redrawn card keeps the focus (the link itself is gone at step 5).
  await expect(s).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(counter(page)).toHaveText('step 6/14');
  // Step 6: order 102 finds the row step 5 wrote (Alice gold). (The step is drawn in the next frame.)
  await expect.poll(() => storeRows(s)).toEqual(['2 | Bob | gold @2', '1 | Alice | gold @5 found']);
  // A "written at" link goes to the step that wrote the row.
  await s.locator('tr[data-step="2"] [data-testid=written-at] button').focus();
  await page.keyboard.press('Enter');
  await expect(counter(page)).toHaveText('step 2/14');
  await expect(s.locator('tr[data-step="2"] [data-testid=written-at] button')).toBeFocused();
});

test('gallery 47: an update and a delete mid-stream; a found row the ON condition rejects', async ({ page }) => {
  await openExample(page, '47_lookup_store_changes');
  const s = store(page, 'products');
  const probe = s.getByTestId('lookup-probe');

  // Step 5: order 501 finds the chair at 45; the chair's +U is step 6, after it.
  await goToStep(page, 5);
  expect(await storeRows(s)).toEqual(['1 | lamp | 20 | 5 @1', '2 | chair | 45 | 2 @2 found', '3 | desk | 120 | 1 @3']);
  await expect(sentence(page)).toContainText('id 2 looked up in products: 1 row (chair, 45, 2); the update at step 6 comes later and will not change this row');

  // Step 6: +U[2, chair, 50, 2] replaces the chair's row.
  await goToStep(page, 6);
  expect(await storeRows(s)).toEqual(['1 | lamp | 20 | 5 @1', '2 | chair | 45 | 2 @2 gone', '3 | desk | 120 | 1 @3', '2 | chair | 50 | 2 @6 written']);

  // Step 7: order 502 finds the new chair row (50).
  await goToStep(page, 7);
  expect(await storeRows(s)).toEqual(['1 | lamp | 20 | 5 @1', '3 | desk | 120 | 1 @3', '2 | chair | 50 | 2 @6 found']);
  await expect(probe.getByTestId('probe-result')).toContainText('in the result as +I[502, 2, chair, 50]');

  // Step 9: the desk is found (stock 0 since step 8) but p.stock > 0 rejects it: LEFT pads.
  await goToStep(page, 9);
  expect(await storeRows(s)).toEqual(['1 | lamp | 20 | 5 @1', '2 | chair | 50 | 2 @6', '3 | desk | 120 | 0 @8 rejected']);
  await expect(probe.getByTestId('probe-found')).toContainText('1 row found, 0 pass the rest of the ON condition: (desk, 120, 0) rejected');
  await expect(probe.getByTestId('probe-result')).toContainText('padded with NULLs');
  await expect(sentence(page)).toContainText('id 3 looked up in products: 1 row (desk, 120, 0) rejected by the rest of the ON condition, so the row comes out padded with NULLs; the delete at step 10 comes later and will not change the padded row');
  await page.getByTestId('lookup-stores').screenshot({ path: artifactPath('lookup', '47-step-9.png') });

  // Step 10: -D of the desk.
  await goToStep(page, 10);
  expect(await storeRows(s)).toEqual(['1 | lamp | 20 | 5 @1', '2 | chair | 50 | 2 @6', '3 | desk | 120 | 0 @8 gone']);

  // Step 11: order 504 finds nothing.
  await goToStep(page, 11);
  await expect(sentence(page)).toContainText('id 3 looked up in products: 0 rows, so the row comes out padded with NULLs');
  expect(await storeRows(s)).toEqual(['1 | lamp | 20 | 5 @1', '2 | chair | 50 | 2 @6']);

  // The INNER query: the rejected desk and the missing one emit nothing.
  await selectQuery(page, 1);
  await goToStep(page, 9);
  await expect(probe.getByTestId('probe-result')).toContainText('nothing emitted');
  await expect(sentence(page)).toContainText('(desk, 120, 0) rejected by the rest of the ON condition, so the inner join emits nothing for it; the delete at step 10 comes later: a lookup is not tried again, so nothing comes out for it');
});

test('gallery 48: a lookup join in front of a regular join, and a NULL key', async ({ page }) => {
  await openExample(page, '48_lookup_then_regular_join');
  const s = store(page, 'customers');
  const probe = s.getByTestId('lookup-probe');

  // Step 3: order 100 finds Alice silver; the regular LEFT join pads it (no shipment yet).
  await goToStep(page, 3);
  await expect(probe.getByTestId('probe-result')).toContainText('in the result as +I[100, Alice, silver, NULL]');
  await expect(sentence(page)).toContainText('id 1 looked up in customers: 1 row (Alice, silver); the update at step 5 comes later and will not change this row');

  // Step 4: order 101 has a NULL cust_id.
  await goToStep(page, 4);
  await expect(probe).toHaveClass(/jl-probe-null/);
  await expect(sentence(page)).toContainText('id is NULL, and a NULL key finds nothing: Flink never sends it to the store, so the row comes out padded with NULLs');

  // Step 6: the shipment of order 100 arrives; the store has Alice gold since step 5, but the
  // regular join re-emits the row the lookup made at step 3 (silver): the lookup is not re-done.
  await goToStep(page, 6);
  expect(await storeRows(s)).toEqual(['2 | Bob | gold @2', '1 | Alice | gold @5']);
  await expect(s.getByTestId('lookup-probe')).toHaveCount(0);
  await expect(page.locator('.jl-group[data-step="6"] [data-testid=changelog-row]')).toHaveText(['-D[100, Alice, silver, NULL]', '+I[100, Alice, silver, DHL]']);
  // The card says so: the +I carries what the lookup of step 3 found, replaced at step 5.
  const echo = s.getByTestId('store-echo');
  await expect(echo).toHaveCount(1);
  await expect(echo).toContainText('+I[100, Alice, silver, DHL]');
  await expect(echo).toContainText('carries (Alice, silver), what the lookup of step 3 found. The row was replaced at step 5 (Alice, gold now), but a lookup is never done again');
  await page.getByTestId('lookup-stores').screenshot({ path: artifactPath('lookup', '48-step-6.png') });

  // The INNER lookup: customer 9 does not exist, nothing reaches the regular join.
  await selectQuery(page, 1);
  await goToStep(page, 10);
  await expect(sentence(page)).toContainText('id 9 looked up in customers: 0 rows, so the inner join emits nothing for it');
  await expect(probe.getByTestId('probe-result')).toContainText('nothing emitted');
});

test('two lookup joins in a row: one store card each, a lookup by two keys (oracle l3)', async ({ page }) => {
  // The oracle's l3 scenario (its third query): customers by id, then rates by (tier, region).
  const script = readFileSync(path.join(ROOT, 'tests/conformance/lookup_join/l3_feeding_regular_join.sql'), 'utf8');
  await openPage(page, `./${shareHash({ script, dialect: 'flink', query: 3, step: 6 })}`);
  await expect(counter(page)).toHaveText(/^step 6\//);
  await settled(page);
  await expect(page.getByTestId('lookup-store')).toHaveCount(2);
  // Step 6: order 100 (customer 1, EU): customer 1 is gold, (gold, EU) has discount 10.
  const rates = store(page, 'rates');
  await expect(rates.getByTestId('probe-key')).toContainText('looks up rates by tier gold, region EU');
  expect(await storeRows(rates)).toEqual(['gold | EU | 10 @3 found', 'gold | US | 15 @4', 'silver | EU | 5 @5']);
  expect(await storeRows(store(page, 'customers'))).toEqual(['1 | Alice | gold @1 found', '2 | Bob | silver @2']);
  await expect(sentence(page)).toContainText('id 1 looked up in customers: 1 row (Alice, gold)');
  await expect(sentence(page)).toContainText('tier gold, region EU looked up in rates: 1 row (10)');
  // Step 7: order 101 is customer 2, silver then, and (silver, US) has no rate: padded.
  await goToStep(page, 7);
  await expect(sentence(page)).toContainText('tier silver, region US looked up in rates: 0 rows, so the row comes out padded with NULLs');
  // Step 10: order 102, customer 2 is gold since step 9: (gold, US) gives 15; the +U of
  // (gold, US) to 20 is step 13, after it.
  await goToStep(page, 10);
  await expect(sentence(page)).toContainText('id 2 looked up in customers: 1 row (Bob, gold)');
  await expect(sentence(page)).toContainText('tier gold, region US looked up in rates: 1 row (15); the update at step 13 comes later and will not change this row');
  await page.getByTestId('lookup-stores').screenshot({ path: artifactPath('lookup', 'l3-step-10.png') });
});

/** Opens a conformance script of tests/conformance/lookup_join at a query and step (flink dialect). */
async function openScript(page: Page, name: string, query: number, step: number): Promise<void> {
  const script = readFileSync(path.join(ROOT, `tests/conformance/lookup_join/${name}.sql`), 'utf8');
  await openPage(page, `./${shareHash({ script, dialect: 'flink', query, step })}`);
  await expect(counter(page)).toHaveText(new RegExp(`^step ${step}/`));
  await settled(page);
}

test('an updating probe: its -U and +U each look up the store as it is (conformance lookup_updating_probe)', async ({ page }) => {
  // Step 7 is orders +U[101, 1, 21]: the probe's ChangelogNormalize sends -U[101, 2, 20] (the
  // old row, customer 2) and +U[101, 1, 21]; the store holds Bob (step 2) and Alicia (the +U of
  // step 5). Each finds its customer.
  await openScript(page, 'lookup_updating_probe', 1, 7);
  const s = store(page, 'customers');
  await expect(s.getByTestId('probe-row')).toHaveText(['orders -U[101, 2, 20]', 'orders +U[101, 1, 21]']);
  expect(await storeRows(s)).toEqual(['2 | Bob @2 found', '1 | Alicia @5 found']);
  await expect(sentence(page)).toContainText('for -U[101, 2, 20], id 2 looked up in customers: 1 row (Bob)');
  await expect(sentence(page)).toContainText('for +U[101, 1, 21], id 1 looked up in customers: 1 row (Alicia)');
});

test('a store without a primary key is a multiset (conformance lookup_multiset_store)', async ({ page }) => {
  // tags has no PRIMARY KEY: steps 1–4 add red warm twice, red danger and blue cold.
  await openScript(page, 'lookup_multiset_store', 2, 5);
  const s = store(page, 'tags');
  // Step 5: order 1 (red) finds all three red rows, the equal ones as two rows.
  expect(await storeRows(s)).toEqual(['red | warm @1 found', 'red | warm @2 found', 'red | danger @3 found', 'blue | cold @4']);
  await expect(s.getByTestId('probe-emit')).toHaveText(['+I[1, red, red, warm]', '+I[1, red, red, warm]', '+I[1, red, red, danger]']);
  await expect(sentence(page)).toContainText('tag red looked up in tags: 3 rows (warm), (warm), (danger); the delete at step 6 comes later and will not change these 3 rows');
  // Step 6: -D[red, warm] removes one equal row (the first: step 1's).
  await goToStep(page, 6);
  expect(await storeRows(s)).toEqual(['red | warm @1 gone', 'red | warm @2', 'red | danger @3', 'blue | cold @4']);
  await expect(s.getByTestId('store-change')).toContainText('tags -D[red, warm]');
  await expect(s.getByTestId('store-change')).toContainText('removes the row written at step 1; 3 rows in the store now');
  // Step 11: -D[red, absent] has no equal row: nothing changes.
  await goToStep(page, 11);
  await expect(s.getByTestId('store-change')).toHaveAttribute('data-change', 'absent');
  await expect(s.getByTestId('store-change')).toContainText('finds no such row in the store: nothing changes');
  expect(await storeRows(s)).toEqual(['red | warm @2', 'blue | cold @4', 'red | stop @9']);
});
