// What the page says about share links: a damaged link, one too large to open, or one of a newer format (instead of
// silently opening another script), and "too large for a link: download it" for a script over
// the link's size cap (share.ts SCRIPT_CAP).

import './share.css';
import { downloadText, h } from './dom';
import { type DecodedLink, MAX_LINK_CHARS, MAX_LINK_SCRIPT, SCRIPT_CAP, SHARE_VERSION } from './share';

const size = (chars: number) => (chars >= 1_000_000 ? `${(chars / 1_000_000).toFixed(1)} MB` : `${Math.round(chars / 1000)} kB`);

/** The message for a link that cannot be opened (null when there is nothing to say). */
export function linkProblem(link: DecodedLink, opened: string): HTMLElement | null {
  if (link.kind !== 'damaged' && link.kind !== 'newer' && link.kind !== 'too-large') return null;
  const text =
    link.kind === 'newer'
      ? `This link was made by a newer version of JoinLab (link format v${link.version}; this page reads v1 to v${SHARE_VERSION}), so it cannot be opened here. Open it on the JoinLab site it came from, or reload this page to get the latest version. The page shows ${opened} instead.`
      : link.kind === 'too-large'
        ? `This link is too large to open: ${link.chars > MAX_LINK_CHARS ? `it has ${size(link.chars)} of text, and this page opens links of up to ${size(MAX_LINK_CHARS)}` : `its script would be over ${size(MAX_LINK_SCRIPT)}, the most this page opens`}. JoinLab never makes such links (a script that large is shared as a file). The page shows ${opened} instead.`
        : `This link is damaged: its script does not decode (the link was probably cut short or changed when it was copied). Ask for the link again, or copy the whole address. The page shows ${opened} instead.`;
  const close = h('button', { type: 'button', class: 'jl-btn jl-small', 'aria-label': 'Dismiss' }, 'OK');
  const el = h('div', { class: 'jl-link-problem', role: 'alert', 'data-testid': 'link-problem', 'data-kind': link.kind }, h('p', {}, text), close);
  close.addEventListener('click', () => el.remove());
  return el;
}

/** Offers a script that is too large for a link as a file. */
export function tooLargePanel(script: string, onClose: () => void): HTMLElement {
  const download = h('button', { type: 'button', class: 'jl-btn jl-primary', 'data-testid': 'download-script' }, 'Download the script (.sql)');
  download.addEventListener('click', () => downloadText(script, 'joinlab-script.sql'));
  const close = h('button', { type: 'button', class: 'jl-btn jl-small' }, 'Close');
  close.addEventListener('click', onClose);
  return h(
    'div',
    { class: 'jl-too-large', role: 'status', 'data-testid': 'share-too-large' },
    h(
      'p',
      {},
      `This script is too large for a link: download it. It has ${size(script.length)} of text; a link holds up to ${size(SCRIPT_CAP)}. `,
      'It is not kept in the address bar or in this browser either, so download it to keep it.',
    ),
    download,
    close,
  );
}
