// The playground page (index.html): gallery, about, the playground, share links, URL and
// localStorage state. `?embed=1` shows only a compact playground (for docs tools that only
// allow iframes); `?example=NAME` opens a gallery example; `?talk=1` opens it in talk mode (the
// step's view alone, in large type, for a projector: talk.ts). A first visit gets a short tour
// (tour/tour.ts, loaded only then).

import './engine/warm';
import './style.css';
import './page.css';
import './layout.css';
import { fill, h } from './dom';
import { badgeOf, DEFAULT_EXAMPLE, EXAMPLES, type Example, findExample } from './gallery';
import { Playground } from './playground';
import { decodeLink, decodeShare, encodeShare, SCRIPT_CAP, type ShareState } from './share';
import { linkProblem, tooLargePanel } from './share-messages';
import { ShareWriter } from './share-writer';

const STORAGE_KEY = 'joinlab.last';
const params = new URLSearchParams(location.search);
const embed = params.get('embed') === '1';
const readonly = params.get('readonly') === '1';
const talk = !embed && params.get('talk') === '1';
/** localStorage: set once the tour was closed or finished (tour/tour.ts's TOUR_KEY). */
const TOUR_KEY = 'joinlab.tour.v1';

function stored(): ShareState | null {
  try {
    return decodeShare(localStorage.getItem(STORAGE_KEY) ?? '');
  } catch {
    return null;
  }
}

function fromExample(e: Example): ShareState {
  return { script: e.script, dialect: 'confluent', query: 1, step: 0 };
}

const requested = findExample(params.get('example') ?? '');
const link = decodeLink(location.hash);
const initial: ShareState =
  (link.kind === 'ok' ? link.state : null) ?? (requested ? fromExample(requested) : null) ?? (embed ? null : stored()) ?? fromExample(DEFAULT_EXAMPLE);
/** Said above the playground when the address's link is damaged or newer than this page. */
const problem = linkProblem(link, initial.script === DEFAULT_EXAMPLE.script ? 'the default example' : 'the last script of this browser');

let tooLarge: HTMLElement | null = null;
const writer = new ShareWriter(embed ? null : STORAGE_KEY, (big) => {
  if (!big && tooLarge) {
    tooLarge.remove();
    tooLarge = null;
  }
});
function remember(s: ShareState): void {
  writer.update(s);
}

const app = document.getElementById('app') ?? document.body;

if (embed) {
  document.body.classList.add('jl-embed-page');
  const pg = new Playground({ ...initial, readonly, compact: true, keyTarget: document, onChange: remember });
  const openHref = (s: ShareState) => `./${writer.linkIfReady(s) ?? (s.script.length <= SCRIPT_CAP ? encodeShare(s) : '')}`;
  const open = h('a', { class: 'jl-open-full', href: openHref(initial), target: '_blank', rel: 'noopener' }, 'Open in JoinLab ↗');
  pg.element.addEventListener('click', () => open.setAttribute('href', openHref(pg.shareState)), true);
  app.replaceChildren(...(problem ? [problem] : []), pg.element, open);
  postHeight();
} else {
  const about = h('div', { class: 'jl-about', 'data-testid': 'about' });
  const aboutToggle = h('button', { type: 'button', class: 'jl-btn jl-about-toggle', 'aria-expanded': 'true', 'aria-controls': 'jl-about-text', 'data-testid': 'about-toggle' }, 'Hide the text');
  aboutToggle.addEventListener('click', () => setAboutOpen(about.classList.contains('jl-about-closed')));
  const setAboutOpen = (open: boolean) => {
    about.classList.toggle('jl-about-closed', !open);
    aboutToggle.setAttribute('aria-expanded', String(open));
    aboutToggle.textContent = open ? 'Hide the text' : 'Show the text';
  };
  // On a phone the playground comes first: the example's text starts folded.
  if (matchMedia('(max-width: 760px)').matches) setAboutOpen(false);
  const galleryList = h('ul', { class: 'jl-gallery-list' });
  let current: Example | null = null;

  /** `-- compare: NAME`: this example and the other one side by side. */
  const compareButton = (ex: Example): HTMLElement | null => {
    const other = ex.compare ? findExample(ex.compare) : undefined;
    if (!other) return null;
    const b = h('button', { type: 'button', class: 'jl-btn', 'data-testid': 'compare-example' }, `Compare side by side with: ${other.title}`);
    b.addEventListener('click', () => pg.compare(`${ex.title} | ${other.title}`, { label: ex.title, script: ex.script }, { label: other.title, script: other.script }));
    return h('p', {}, b);
  };

  const showAbout = (script: string) => {
    const ex = EXAMPLES.find((e) => e.script === script) ?? null;
    if (ex === current && about.childElementCount) return;
    current = ex;
    const items = [...galleryList.querySelectorAll('button')];
    for (const li of items) li.setAttribute('aria-current', String(li.dataset.example === ex?.name));
    // One tab stop for the whole gallery: the example shown (else the first); ↑ ↓ move within.
    const stop = items.find((b) => b.dataset.example === ex?.name) ?? items[0];
    for (const li of items) li.tabIndex = li === stop ? 0 : -1;
    fill(
      about,
      ...(ex
        ? [
            h('div', { class: 'jl-about-head' }, h('h2', {}, ex.title), aboutToggle),
            h('p', { id: 'jl-about-text', class: 'jl-about-text' }, ex.about),
            compareButton(ex),
            h(
              'p',
              { class: 'jl-about-links' },
              ...(ex.oracle ? [h('a', { href: ex.oracle, target: '_blank', rel: 'noopener' }, "Apache Flink 2.3's output for this script"), ' (the page must show the same rows) · '] : []),
              h('a', { href: `./?example=${encodeURIComponent(ex.name)}&talk=1`, 'data-testid': 'talk-link', title: 'The step view alone, in large type, a step per key press: for teaching on a projector' }, 'Present it (talk mode)'),
            ),
          ]
        : [h('h2', {}, 'Your script'), h('p', { class: 'jl-muted' }, 'Edit freely: the script is kept in the URL and in this browser. Pick an example on the left to start over.')]),
    );
  };

  const pg = new Playground({
    ...initial,
    keyTarget: document,
    onChange: (s) => {
      remember(s);
      showAbout(s.script);
    },
  });

  for (const ex of EXAMPLES) {
    const b = h('button', { type: 'button', class: 'jl-gallery-item', 'data-example': ex.name, 'aria-describedby': 'jl-gallery-keys' }, h('span', { class: 'jl-gallery-title' }, ex.title));
    const badge = badgeOf(ex);
    b.append(h('span', { class: `jl-badge ${badge.cls}`, title: badge.title }, badge.text));
    b.addEventListener('click', () => {
      pg.load(fromExample(ex));
      showAbout(ex.script);
      pg.editor.view.scrollDOM.scrollTop = 0;
      setMenuOpen(false);
      // A pick low in the gallery: bring the playground up (the about text, then the playground).
      if (main.getBoundingClientRect().top < 0 || main.getBoundingClientRect().top > innerHeight / 3) main.scrollIntoView({ block: 'start' });
    });
    galleryList.append(h('li', {}, b));
  }
  // The gallery is one tab stop (51 examples are not 51 Tabs on the way to the editor): ↑ ↓
  // Home End move the focus between its examples, Enter or Space opens one.
  galleryList.addEventListener('keydown', (e) => {
    const items = [...galleryList.querySelectorAll('button')];
    const i = items.indexOf(e.target as HTMLButtonElement);
    if (i < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
    const j = e.key === 'ArrowDown' ? Math.min(items.length - 1, i + 1) : e.key === 'ArrowUp' ? Math.max(0, i - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : -1;
    if (j < 0) return;
    // (Handled here: the page's Home / End would step the playground.)
    e.preventDefault();
    for (const b of items) b.tabIndex = b === items[j] ? 0 : -1;
    items[j].focus();
  });

  const shareOut = h('input', { type: 'text', readonly: true, class: 'jl-share-out', 'aria-label': 'Share link', hidden: true });
  const shareBtn = h('button', { type: 'button', class: 'jl-btn', 'data-testid': 'share' }, 'Share');
  shareBtn.addEventListener('click', async () => {
    const state = pg.shareState;
    const hash = await writer.link(state);
    if (hash === null) {
      // Too large for a link: offer the script as a file instead of a giant URL.
      shareOut.hidden = true;
      tooLarge?.remove();
      tooLarge = tooLargePanel(state.script, () => {
        tooLarge?.remove();
        tooLarge = null;
      });
      main.prepend(tooLarge);
      tooLarge.querySelector('button')?.focus();
      return;
    }
    const url = `${location.origin}${location.pathname}${hash}`;
    shareOut.value = url;
    shareOut.hidden = false;
    shareOut.select();
    try {
      await navigator.clipboard.writeText(url);
      shareBtn.textContent = 'Link copied';
    } catch {
      shareBtn.textContent = 'Copy the link';
    }
    window.setTimeout(() => (shareBtn.textContent = 'Share'), 2000);
  });

  // Export: the script for Apache Flink's SQL client or Confluent Cloud, in a modal dialog
  // (export/panel.ts). The exporter (about 1 MB) loads on the first press only.
  const lessonsBtn = h('button', { type: 'button', class: 'jl-btn', 'data-testid': 'lessons', 'aria-haspopup': 'dialog', title: 'A short guided path through the examples' }, 'Lessons');
  lessonsBtn.addEventListener('click', async () => {
    const { openLessons } = await import('./lessons/panel');
    openLessons(
      {
        open: (script, step) => {
          pg.load({ script, dialect: 'confluent', query: 1, step });
          showAbout(script);
        },
        goTo: (step) => pg.goTo(step),
        host: main,
      },
      lessonsBtn,
    );
  });
  const exportBtn = h('button', { type: 'button', class: 'jl-btn', 'data-testid': 'export', 'aria-haspopup': 'dialog', title: "The script for Apache Flink's SQL client or Confluent Cloud" }, 'Export');
  exportBtn.addEventListener('click', async () => {
    const { exportPanel } = await import('./export/panel');
    const state = pg.shareState;
    const dialog = exportPanel(state.script, state.dialect, () => dialog.close());
    dialog.addEventListener('close', () => {
      dialog.remove();
      exportBtn.focus();
    });
    document.body.append(dialog);
    dialog.showModal();
    dialog.querySelector<HTMLInputElement>('input:checked')?.focus();
  });

  const menuBtn = h('button', { type: 'button', class: 'jl-btn jl-menu-btn', 'aria-expanded': 'false', 'aria-controls': 'jl-gallery', 'data-testid': 'gallery-menu' }, '☰ Examples');
  const setMenuOpen = (open: boolean) => {
    nav.classList.toggle('jl-gallery-open', open);
    menuBtn.setAttribute('aria-expanded', String(open));
  };
  menuBtn.addEventListener('click', () => setMenuOpen(!nav.classList.contains('jl-gallery-open')));
  const header = h(
    'header',
    { class: 'jl-top' },
    menuBtn,
    h('h1', { class: 'jl-h1' }, h('a', { class: 'jl-brand', href: './' }, h('span', { class: 'jl-logo', 'aria-hidden': 'true' }, '⋈'), h('span', { class: 'jl-brand-name' }, 'JoinLab'))),
    h('span', { class: 'jl-tagline' }, 'Flink SQL joins, step by step: rows, watermarks, windows, state and the changelog.'),
    h('span', { class: 'jl-spacer' }),
    shareOut,
    shareBtn,
    lessonsBtn,
    exportBtn,
    h('a', { class: 'jl-btn jl-link', href: './docs-demo.html' }, 'Embedding'),
  );
  const nav = h('nav', { class: 'jl-gallery', id: 'jl-gallery', 'aria-label': 'Examples' }, h('h2', {}, 'Examples'), h('p', { class: 'jl-gallery-keys', id: 'jl-gallery-keys' }, '↑ ↓ move between the examples, Enter opens one'), galleryList);
  const main = h('main', { class: 'jl-main' }, about, pg.element);
  if (problem) main.prepend(problem);
  app.replaceChildren(header, h('div', { class: 'jl-page' }, nav, main));
  showAbout(initial.script);

  if (talk) {
    void import('./talk').then(({ enterTalkMode }) => enterTalkMode({ step: () => pg.shareState.step, goTo: (p) => pg.goTo(p) }));
  } else if (firstVisit()) {
    // The tour, once the first run has drawn its step (or after a few seconds anyway).
    let tries = 0;
    const start = () => {
      const drawn = (document.querySelector('.timeline canvas') as HTMLCanvasElement | null)?.clientHeight;
      if (!drawn && ++tries < 30) {
        window.setTimeout(start, 200);
        return;
      }
      void import('./tour/tour').then(({ startTour }) => startTour());
    };
    start();
  }
}

/** A person's first visit (the tour opens by itself): nothing stored yet; not automation (tests
 * open the tour on purpose). */
function firstVisit(): boolean {
  try {
    return !localStorage.getItem(TOUR_KEY) && !navigator.webdriver;
  } catch {
    return false;
  }
}

/** In an iframe (`?embed=1`): tells the parent page the content's height, whenever it changes
 *  (the parent sets the iframe's height: docs-demo.html shows the listener). */
function postHeight(): void {
  if (window.parent === window) return;
  let last = 0;
  const send = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: 'joinlab:height', height }, '*');
  };
  new ResizeObserver(send).observe(document.body);
  send();
}
