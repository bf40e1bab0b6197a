// The page's Export dialog (the header's Export button; modal, Escape or Close closes it): the script in the editor written for a
// real engine — Apache Flink's SQL client or Confluent Cloud — as `joinlab export` writes it
// (docs/export.md), with Copy and Download. The exporter is loaded on the first press only
// (export/worker.ts); the page's own download stays the engine without it. A script the
// exporter refuses shows the same message `joinlab export` prints, with its line and column.

import './export.css';
import { downloadText, h } from '../dom';
import { exportScript } from './client';
import type { ExportTarget } from './protocol';

const TARGETS: { id: ExportTarget; label: string; file: string; how: string }[] = [
  {
    id: 'flink',
    label: "Apache Flink's SQL client",
    file: 'joinlab-flink.sql',
    how: 'Tables become Kafka topics (upsert-kafka for keyed upsert tables), datagen tables stay datagen. Fill in ${BOOTSTRAP_SERVERS} and ${SCHEMA_REGISTRY_URL} (the comment at the top says how), then run sql-client.sh -f joinlab-flink.sql.',
  },
  {
    id: 'confluent',
    label: 'Confluent Cloud',
    file: 'joinlab-confluent.sql',
    how: 'Statements for a Confluent Cloud for Apache Flink workspace: tables are Kafka-backed there, and the examples catalog is the real one.',
  },
];

/** The dialog for `script` as it is now, run in `dialect` (not yet shown: `showModal()`); its
 * Close button calls `onClose`. */
export function exportPanel(script: string, dialect: string, onClose: () => void): HTMLDialogElement {
  let target: ExportTarget = dialect === 'flink' ? 'flink' : 'confluent';
  let text = '';
  let asked = 0;
  const status = h('p', { class: 'jl-export-status', role: 'status', 'data-testid': 'export-status' });
  const out = h('textarea', { class: 'jl-export-out', readonly: true, spellcheck: 'false', rows: 22, 'aria-label': 'The exported script', 'data-testid': 'export-out' });
  const how = h('p', { class: 'jl-export-how' });
  const copy = h('button', { type: 'button', class: 'jl-btn', 'data-testid': 'export-copy', disabled: true }, 'Copy');
  const save = h('button', { type: 'button', class: 'jl-btn jl-primary', 'data-testid': 'export-download', disabled: true }, 'Download (.sql)');
  const close = h('button', { type: 'button', class: 'jl-btn jl-small', 'data-testid': 'export-close' }, 'Close');
  const radios = TARGETS.map((t) => {
    const input = h('input', { type: 'radio', name: 'jl-export-target', value: t.id, checked: t.id === target, 'data-testid': `export-target-${t.id}` });
    input.addEventListener('change', () => {
      if (!input.checked) return;
      target = t.id;
      void run();
    });
    return h('label', { class: 'jl-export-target' }, input, ' ', t.label);
  });

  const run = async (): Promise<void> => {
    const mine = ++asked;
    const t = TARGETS.find((x) => x.id === target) ?? TARGETS[0];
    how.textContent = t.how;
    copy.disabled = save.disabled = true;
    out.value = '';
    status.classList.remove('jl-export-error');
    status.textContent = text === '' && mine === 1 ? 'Loading the exporter (about 1 MB, once) and exporting…' : 'Exporting…';
    const reply = await exportScript(script, target, dialect);
    if (mine !== asked) return; // a newer target was picked meanwhile
    if ('error' in reply) {
      text = '';
      status.classList.add('jl-export-error');
      // `joinlab export`'s message, without its `== error` heading: where and why, line by line.
      const why = reply.error.replace(/^== [a-z ]+\n/, '').trim();
      status.textContent = reply.load ? `Export is not available: ${why}` : `This script cannot be exported:\n${why}`;
      return;
    }
    text = reply.text;
    out.value = text;
    const notes = reply.unfaithful.length;
    status.textContent = `Exported for ${t.label}: ${text.split('\n').length.toLocaleString('en-US')} lines${notes ? `; ${notes} thing${notes === 1 ? '' : 's'} not exported faithfully, each said in a "-- JoinLab:" comment where it stands` : ''}.`;
    copy.disabled = save.disabled = false;
  };

  copy.addEventListener('click', async () => {
    out.select();
    try {
      await navigator.clipboard.writeText(text);
      copy.textContent = 'Copied';
    } catch {
      copy.textContent = 'Press Ctrl+C to copy';
    }
    window.setTimeout(() => (copy.textContent = 'Copy'), 2000);
  });
  save.addEventListener('click', () => downloadText(text, (TARGETS.find((x) => x.id === target) ?? TARGETS[0]).file));
  close.addEventListener('click', onClose);

  const el = h(
    'dialog',
    { class: 'jl-export', 'aria-labelledby': 'jl-export-h', 'data-testid': 'export-panel' },
    h('div', { class: 'jl-export-head' }, h('h2', { id: 'jl-export-h' }, 'Export to a real engine'), close),
    h('p', { class: 'jl-muted' }, 'The script in the editor, written for a real engine, as ', h('code', {}, 'joinlab export'), ' writes it. What cannot be exported faithfully is said in a comment at its place, never dropped.'),
    h('fieldset', { class: 'jl-export-targets' }, h('legend', {}, 'Target'), ...radios),
    how,
    status,
    out,
    h('div', { class: 'jl-export-actions' }, copy, save),
  );
  void run();
  return el;
}
