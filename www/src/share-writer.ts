// Keeps the URL's hash and localStorage in step with a playground, off the hot path: a change is
// written after a short pause and when the page is idle; the script part of the link is computed
// once per script (in share-worker.ts when the script is big) and cached, so a step only swaps
// the parameters after it. A script over SCRIPT_CAP gets no link: the hash is cleared (the
// address bar must not hold an older script) and the page offers a download instead.

import { composeLink, encodeScriptPart, MAX_LINK_CHARS, SCRIPT_CAP, type ShareState } from './share';

/** Below this many characters the script part is computed on the main thread (≈ 10 ms). */
const SYNC_LIMIT = 20_000;
const PAUSE_MS = 250;

type Idle = (cb: () => void, opts: { timeout: number }) => number;
const whenIdle: Idle = (cb, opts) =>
  typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(cb, opts) : window.setTimeout(cb, 0);

export class ShareWriter {
  private cached: { script: string; part: string } | null = null;
  private inflight: { script: string; promise: Promise<string> } | null = null;
  private worker: Worker | null = null;
  private nextId = 1;
  private waiting = new Map<number, { script: string; resolve: (part: string) => void }>();
  private timer: number | null = null;
  private latest: ShareState | null = null;
  private lastStored: string | null = null;

  constructor(
    /** Where the link is kept in this browser (null: not kept, e.g. in an embed). */
    private readonly storageKey: string | null,
    /** Called when the script crosses SCRIPT_CAP (true: too large for a link). */
    private readonly onTooLarge: (tooLarge: boolean, chars: number) => void = () => undefined,
  ) {}

  /** Whether a script is too large for a link. */
  static tooLarge(script: string): boolean {
    return script.length > SCRIPT_CAP;
  }

  /** Records the state; the URL and storage follow after a pause, when idle. */
  update(s: ShareState): void {
    this.latest = s;
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => {
      this.timer = null;
      whenIdle(() => void this.write(), { timeout: 1000 });
    }, PAUSE_MS);
  }

  /** The link of a state now (null: too large). Cached script parts make this cheap. */
  async link(s: ShareState): Promise<string | null> {
    if (ShareWriter.tooLarge(s.script)) return null;
    const link = composeLink(await this.part(s.script), s);
    // (Only a script of rare characters compresses past the decoder's limit.)
    return link.length > MAX_LINK_CHARS ? null : link;
  }

  /** The link of a state if its script part is already known (else null). */
  linkIfReady(s: ShareState): string | null {
    return this.cached && this.cached.script === s.script ? composeLink(this.cached.part, s) : null;
  }

  private async write(): Promise<void> {
    const s = this.latest;
    if (!s) return;
    const big = ShareWriter.tooLarge(s.script);
    this.onTooLarge(big, s.script.length);
    let hash = '';
    if (!big) {
      const part = await this.part(s.script);
      // A newer state came in while the worker compressed: that one writes.
      if (this.latest !== s && this.latest?.script !== s.script) return;
      hash = composeLink(part, this.latest ?? s);
      if (hash.length > MAX_LINK_CHARS) hash = '';
    }
    if (location.hash !== hash) history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
    if (this.storageKey && hash !== this.lastStored) {
      this.lastStored = hash;
      try {
        if (hash) localStorage.setItem(this.storageKey, hash);
        else localStorage.removeItem(this.storageKey);
      } catch {
        // Storage full or disabled: the URL still holds the script.
      }
    }
  }

  /** The script part, from the cache, computed now (small scripts) or by the worker. */
  private part(script: string): Promise<string> {
    if (this.cached?.script === script) return Promise.resolve(this.cached.part);
    if (script.length <= SYNC_LIMIT) {
      this.cached = { script, part: encodeScriptPart(script) };
      return Promise.resolve(this.cached.part);
    }
    if (this.inflight?.script === script) return this.inflight.promise;
    const id = this.nextId++;
    const promise = new Promise<string>((resolve) => this.waiting.set(id, { script, resolve }));
    this.inflight = { script, promise };
    this.codec().postMessage({ id, script });
    return promise;
  }

  private codec(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./share-worker.ts', import.meta.url), { type: 'module', name: 'joinlab-share' });
    w.onmessage = (ev: MessageEvent<{ id: number; part: string }>) => {
      const done = this.waiting.get(ev.data.id);
      if (!done) return;
      this.waiting.delete(ev.data.id);
      this.cached = { script: done.script, part: ev.data.part };
      if (this.inflight?.script === done.script) this.inflight = null;
      done.resolve(ev.data.part);
    };
    // No worker (blocked, failed to load): compute here, as for a small script.
    w.onerror = (ev) => {
      ev.preventDefault();
      const waiting = [...this.waiting.values()];
      this.waiting.clear();
      this.inflight = null;
      for (const x of waiting) {
        this.cached = { script: x.script, part: encodeScriptPart(x.script) };
        x.resolve(this.cached.part);
      }
    };
    this.worker = w;
    return w;
  }
}
