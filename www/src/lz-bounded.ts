// lz-string's `decompressFromEncodedURIComponent` (lz-string 1.5.0, MIT, by pieroxy), with a
// bound on the text it may produce. A share link comes from anyone: lz-string's dictionary codes
// let a short input stand for a text that grows with the square of its length (a 1 MB hash
// could expand to about 10^10 characters), and the stock decoder would build all of it on the
// page's main thread. This one gives up as soon as the text passes `maxChars` (share.ts sets
// it from the script cap). tests/e2e/share-limits.spec.ts checks it against lz-string itself.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const VALUE = new Map<string, number>([...ALPHABET].map((c, i) => [c, i]));

/** Why a decode gave no text. */
export type LzFailure = 'invalid' | 'too-large';

/** The text of an lz-string URI-safe encoding, or why not: `invalid` (not an encoding, or cut
 * short) or `too-large` (it would decode to more than `maxChars` characters). */
export function decompressBounded(input: string, maxChars: number): { ok: true; text: string } | { ok: false; why: LzFailure } {
  if (input === '') return { ok: false, why: 'invalid' };
  const s = input.replace(/ /g, '+');
  const length = s.length;
  // Like lz-string: a character outside the alphabet reads as 0.
  const at = (i: number): number => VALUE.get(s.charAt(i)) ?? 0;
  const resetValue = 32;
  let val = at(0);
  let position = resetValue;
  let index = 1;
  const read = (n: number): number => {
    let bits = 0;
    for (let power = 1, k = 0; k < n; k++, power <<= 1) {
      const resb = val & position;
      position >>= 1;
      if (position === 0) {
        position = resetValue;
        val = at(index++);
      }
      if (resb > 0) bits |= power;
    }
    return bits;
  };

  const dictionary: string[] = ['', '', ''];
  let enlargeIn = 4;
  let dictSize = 4;
  let numBits = 3;
  let c: string;
  const first = read(2);
  if (first === 0) c = String.fromCharCode(read(8));
  else if (first === 1) c = String.fromCharCode(read(16));
  else return { ok: false, why: 'invalid' };
  dictionary[3] = c;
  let w = c;
  const result: string[] = [c];
  let total = 1;
  for (;;) {
    if (index > length) return { ok: false, why: 'invalid' };
    let code = read(numBits);
    if (code === 0 || code === 1) {
      dictionary[dictSize++] = String.fromCharCode(read(code === 0 ? 8 : 16));
      code = dictSize - 1;
      enlargeIn--;
    } else if (code === 2) return { ok: true, text: result.join('') };
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
    let entry: string;
    if (code < dictSize && dictionary[code]) entry = dictionary[code];
    else if (code === dictSize) entry = w + w.charAt(0);
    else return { ok: false, why: 'invalid' };
    total += entry.length;
    if (total > maxChars) return { ok: false, why: 'too-large' };
    result.push(entry);
    dictionary[dictSize++] = w + entry.charAt(0);
    enlargeIn--;
    w = entry;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  }
}
