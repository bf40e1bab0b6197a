// Hostile input from outside the page (docs/share-links.md "Limits"): share links are decoded
// within limits (a hash of at most MAX_LINK_CHARS, a script of at most SCRIPT_CAP, by the bounded
// lz-string decoder www/src/lz-bounded.ts), and garbage or hostile hashes give a message, never a
// crash; the editor keeps working. <joinlab-playground> reads its attributes as text only.

import { expect, type Page, test } from '@playwright/test';
import lz from 'lz-string';
import { decompressBounded } from '../../www/src/lz-bounded';
// (a deterministic pseudo-random source, so a failure can be replayed)
import { mulberry32 as rng } from '../model/random.mjs';
import { checksum, decodeLink, encodeShare, MAX_LINK_CHARS, MAX_LINK_SCRIPT, SCRIPT_CAP } from '../../www/src/share';

const URI_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';

/** An lz-string code stream (written as its decoder reads it) for 'a' repeated in a run of
 * `codes` ever longer dictionary entries: about codes²/2 characters from a few codes. */
function bomb(codes: number): string {
  const bits: number[] = [];
  const put = (v: number, n: number) => {
    for (let i = 0; i < n; i++) bits.push((v >> i) & 1);
  };
  put(0, 2);
  put(97, 8);
  let dictSize = 4;
  let enlargeIn = 4;
  let numBits = 3;
  for (let i = 0; i < codes; i++) {
    put(dictSize, numBits);
    dictSize++;
    if (--enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  }
  put(2, numBits);
  while (bits.length % 6) bits.push(0);
  let out = '';
  for (let i = 0; i < bits.length; i += 6) out += URI_ALPHABET[bits.slice(i, i + 6).reduce((v, b) => (v << 1) | b, 0)];
  return out;
}

test('the bounded decoder decodes what lz-string encodes, and agrees with it on garbage', () => {
  const r = rng(17);
  const alphabets = ['SELECT a, b FROM t WHERE x > 1;\n ', 'ab', 'αβγ€😀', ''];
  for (let n = 0; n < 400; n++) {
    const alpha = alphabets[n % alphabets.length];
    const len = Math.floor(r() * (n < 200 ? 60 : 3000));
    let s = '';
    for (let i = 0; i < len; i++) s += alpha ? alpha[Math.floor(r() * alpha.length)] : String.fromCharCode(Math.floor(r() * 65536));
    const enc = lz.compressToEncodedURIComponent(s);
    const got = decompressBounded(enc, 1e9);
    expect(got, `string ${n}`).toEqual(s === '' ? { ok: false, why: 'invalid' } : { ok: true, text: s });
  }
  for (let n = 0; n < 2000; n++) {
    let g = '';
    const len = 1 + Math.floor(r() * 80);
    for (let i = 0; i < len; i++) g += URI_ALPHABET[Math.floor(r() * URI_ALPHABET.length)];
    let stock: string | null;
    try {
      stock = lz.decompressFromEncodedURIComponent(g);
    } catch {
      stock = null; // (lz-string throws on some garbage; the page's decodeLink caught that)
    }
    const got = decompressBounded(g, 1e9);
    // A first code of 3 is no code at all: lz-string then reads on with an undefined first
    // entry (and may return text); the bounded decoder refuses such a stream.
    if ((URI_ALPHABET.indexOf(g[0]) & 0b110000) === 0b110000) expect(got.ok, `garbage ${g}`).toBe(false);
    else expect(got.ok ? got.text : null, `garbage ${g}`).toEqual(stock ? stock : null);
  }
});

test('a decompression bomb stops at the bound, fast', () => {
  const b = bomb(4000); // ≈ 8 million characters from 10 kB
  expect(b.length).toBeLessThan(12_000);
  expect(lz.decompressFromEncodedURIComponent(b)?.length).toBeGreaterThan(7_000_000);
  const t0 = performance.now();
  expect(decompressBounded(b, 1_000_000)).toEqual({ ok: false, why: 'too-large' });
  expect(performance.now() - t0).toBeLessThan(500);
  // As a share link: too large, whatever the prefix.
  expect(decodeLink(`#v2/${b}`)).toMatchObject({ kind: 'too-large' });
  expect(decodeLink(`#v1/${b}`)).toMatchObject({ kind: 'too-large' });
});

test('the limits: a hash over MAX_LINK_CHARS and a script over MAX_LINK_SCRIPT are refused; the writer stays inside', () => {
  expect(decodeLink(`#v2/${'A'.repeat(MAX_LINK_CHARS)}`)).toMatchObject({ kind: 'too-large', chars: MAX_LINK_CHARS + 4 });
  const big = 'x'.repeat(MAX_LINK_SCRIPT + 1);
  const part = lz.compressToEncodedURIComponent(JSON.stringify({ script: big, sum: checksum(big) }));
  expect(decodeLink(`#v2/${part}`)).toMatchObject({ kind: 'too-large' });
  const v1 = lz.compressToEncodedURIComponent(JSON.stringify({ script: big }));
  expect(decodeLink(`#v1/${v1}`)).toMatchObject({ kind: 'too-large' });
  // A script of MAX_LINK_SCRIPT still opens (an older page's large link).
  const most = 'y'.repeat(MAX_LINK_SCRIPT);
  const mostPart = lz.compressToEncodedURIComponent(JSON.stringify({ script: most, sum: checksum(most) }));
  expect(decodeLink(`#v2/${mostPart}`)).toMatchObject({ kind: 'ok', state: { script: most } });
  // A script of exactly SCRIPT_CAP (the most the page writes) has a link far below the limit.
  const cap = 'SELECT 1;\n'.repeat(SCRIPT_CAP / 10);
  const link = encodeShare({ script: cap, dialect: 'flink', query: 1, step: 3 });
  expect(link.length).toBeLessThan(MAX_LINK_CHARS);
  expect(decodeLink(link)).toEqual({ kind: 'ok', version: 2, state: { script: cap, dialect: 'flink', query: 1, step: 3 } });
});

/** Opens the page at a hash and checks: the message (or none), no crash, the editor still edits and runs. */
async function openHostile(page: Page, hash: string, kind: string | null): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('about:blank');
  const t0 = Date.now();
  await page.goto(`./${hash}`);
  await expect(page.locator('[data-testid=step-sentence]:not(:empty), .jl-not-run:not([hidden])').first()).toBeVisible();
  if (kind) await expect(page.getByTestId('link-problem')).toHaveAttribute('data-kind', kind);
  else await expect(page.getByTestId('link-problem')).toHaveCount(0);
  expect(Date.now() - t0).toBeLessThan(15_000);
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText("SELECT x.k FROM (VALUES ('seven')) AS x(k);");
  await expect(page.getByTestId('result-table')).toContainText('seven');
  expect(errors).toEqual([]);
}

test('garbage, huge, truncated and hostile hashes give a message, and the page keeps working', async ({ page }) => {
  test.setTimeout(120_000);
  const r = rng(5);
  let bytes = '';
  for (let i = 0; i < 3000; i++) bytes += `%${Math.floor(r() * 256).toString(16).padStart(2, '0')}`;
  await openHostile(page, `#v2/${bytes}`, 'damaged');
  await openHostile(page, `#v1/${bytes}`, 'damaged');
  // Not a share link at all: ignored (the page opens the last script of this browser).
  await openHostile(page, `#${bytes}`, null);
  await openHostile(page, `#v2/${'A'.repeat(MAX_LINK_CHARS + 10)}`, 'too-large');
  // The bomb: ≈ 1.8 × 10⁹ characters for lz-string (the stock decoder would stall the tab).
  await openHostile(page, `#v2/${bomb(60_000)}`, 'too-large');
  const good = encodeShare({ script: 'CREATE TABLE t (a INT);\nINSERT INTO t VALUES (1), (2);\nSELECT a FROM t;', dialect: 'flink', query: 1, step: 1 });
  await openHostile(page, good.slice(0, Math.floor(good.length * 0.6)), 'damaged');
  // The script part's markup is never HTML: it is the editor's text.
  await openHostile(page, `#v2/<img src=x onerror="window.__xss=1">`, 'damaged');
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null)).toBeNull();
});

test('a link whose script is HTML and script markup shows it as text', async ({ page }) => {
  const script = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>\nSELECT '<b onmouseover=alert(1)>bold</b>' AS "<i>col</i>";`;
  await page.goto(`./${encodeShare({ script, dialect: 'confluent', query: 1, step: 1 })}`);
  await expect(page.getByTestId('error')).toBeVisible();
  await expect(page.locator('.cm-content')).toContainText('<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>');
  await expect(page.getByTestId('error')).toContainText('Line 1, column 1');
  expect(await page.evaluate(() => ({ xss: (window as unknown as { __xss?: number }).__xss ?? null, elements: document.querySelectorAll('img, script:not([src])').length }))).toEqual({ xss: null, elements: 0 });
});

test('<joinlab-playground> reads its attributes as text, never as HTML', async ({ page }) => {
  await page.goto('./docs-demo.html');
  const markup = '<img src=x onerror="window.__xss=1">';
  await page.evaluate((m) => {
    const el = document.createElement('joinlab-playground');
    el.id = 'hostile';
    el.setAttribute('script', `${m}\nSELECT 1 AS one;`);
    el.setAttribute('dialect', m);
    el.setAttribute('step', m);
    el.setAttribute('playground-url', 'javascript:window.__xss=2//');
    el.setAttribute('readonly', m);
    document.querySelector('article')?.prepend(el);
  }, markup);
  const el = page.locator('#hostile');
  // The placeholder shows the script as text; then the playground shows it in the editor.
  await expect(el.getByTestId('step-sentence').or(el.locator('.jl-not-run:not([hidden])')).or(el.getByTestId('error')).first()).toBeVisible();
  await expect(el.locator('.cm-content')).toContainText(markup);
  expect(await el.evaluate((e) => e.querySelectorAll('img').length)).toBe(0);
  // "Open in JoinLab" never leads to a javascript: URL.
  const href = await el.locator('.jl-open-full').getAttribute('href');
  expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  await el.locator('.jl-open-full').evaluate((a) => a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
  expect(await el.locator('.jl-open-full').getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#v2\//);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null)).toBeNull();
});
