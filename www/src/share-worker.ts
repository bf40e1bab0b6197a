// A small Web Worker that compresses a script into a share link's script part (share.ts
// `encodeScriptPart`), so lz-string never runs on the page's main thread for a big script.

import { encodeScriptPart } from './share';

self.onmessage = (ev: MessageEvent<{ id: number; script: string }>) => {
  const { id, script } = ev.data;
  (self as unknown as Worker).postMessage({ id, part: encodeScriptPart(script) });
};
