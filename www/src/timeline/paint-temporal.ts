// Painters of a temporal join (FOR SYSTEM_TIME AS OF): its version lane, one row per key of the
// versioned table, each version a segment from its time to the key's next version (a delete an
// end mark: the key has no version from then), and across it each probe row's AS OF cut at the
// probe's time — dashed with a hollow head while the row waits for the join's watermark, solid
// once released, with a bracket back to the start of the version it joined, or "no version".
// The step's probe rows are linked from their mark on the probe table's lane down to their cut.
// Everything is looked up in the model (build.ts's temporal pass).

import { type QueryModel, type TemporalProbe, type TemporalVersion, type TemporalView, versionsAt, waitingAt } from '../model';
import { formatTime } from '../time';
import { type Frame, GUTTER, PAD_R } from './geometry';
import { ellipsize, LANE_COLORS, LATE_COLOR, WM_COLOR } from './style';

const short = (v: number) => (Number.isFinite(v) ? formatTime(v, true) : v > 0 ? '+∞' : '−∞');

/** The temporal join drawn (on an event-time axis), else null. */
export function drawnTemporal(f: Frame): TemporalView | null {
  return f.m.temporal && f.L.versionLane && f.L.timeAxis ? f.m.temporal : null;
}

/** A version's values without its key and time columns (`1.1200`), else the whole row. */
export function versionValues(t: TemporalView, v: TemporalVersion): string {
  const cols = t.versionColumns;
  if (cols.length !== v.row.length) return v.row.join(', ');
  const skip = new Set([...(t.info?.version_keys ?? []), t.info?.version_time ?? '']);
  const rest = v.row.filter((_, i) => !skip.has(cols[i]));
  return (rest.length ? rest : v.row).join(', ');
}

/** `#4 currency_rates`: a version or probe row by its arrival number and table. */
export function versionName(t: TemporalView, v: TemporalVersion): string {
  return `#${v.pos} ${t.versionTable}`;
}
export function probeName(t: TemporalView, r: TemporalProbe): string {
  return `#${r.pos} ${t.probeTable}`;
}

/** What a released probe row found, in a few words (for the cut's label). */
export function missWords(r: TemporalProbe): string {
  if (r.miss === 'deleted') return 'deleted';
  if (r.miss === 'condition') return 'ON rejects it';
  return 'no version';
}

/** The version lane: head, a row per key, the versions and the AS OF cuts. */
export function paintVersionLane(f: Frame): void {
  const t = drawnTemporal(f);
  const geo = f.L.versionLane;
  if (!t || !geo) return;
  const { ctx, m, L, pos } = f;
  ctx.fillStyle = '#f1f5f9';
  ctx.fillRect(0, geo.top, L.width, geo.height);
  // The time the join's watermark has passed: there the versions are settled.
  const wm = m.joinWatermark?.values[Math.min(pos, m.joinWatermark.values.length - 1)] ?? Number.NaN;
  if (!Number.isNaN(wm)) {
    const x = Number.isFinite(wm) ? f.clampX(f.px(wm)) : L.width - PAD_R;
    ctx.fillStyle = 'rgba(109, 40, 217, 0.06)';
    ctx.fillRect(GUTTER, geo.top, x - GUTTER, geo.height);
  }
  ctx.fillStyle = '#0f172a';
  ctx.font = '600 12px system-ui, sans-serif';
  ctx.fillText(ellipsize(ctx, 'TemporalJoin', GUTTER - 22), 16, geo.top + 11);
  ctx.font = '10.5px system-ui, sans-serif';
  ctx.fillStyle = '#64748b';
  const info = t.info;
  const head = `versions of ${t.versionTable}${info ? ` per ${info.version_keys.join(', ')} (from ${info.version_time})` : ''} · AS OF ${t.probeTable}${info ? `.${info.probe_time}` : ''}${t.outer ? ' · LEFT' : ''}`;
  ctx.fillText(ellipsize(ctx, head, L.width - GUTTER - PAD_R - 8), GUTTER + 4, geo.top + 11);
  const vColor = LANE_COLORS[(t.versionLane ?? 1) % LANE_COLORS.length];
  const pColor = LANE_COLORS[(t.probeLane ?? 0) % LANE_COLORS.length];
  for (const [key, y] of geo.rows) {
    ctx.fillStyle = '#334155';
    ctx.font = '10.5px ui-monospace, monospace';
    ctx.fillText(ellipsize(ctx, key || '()', GUTTER - 24), 16, y);
    ctx.strokeStyle = '#cbd5e1';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(GUTTER, Math.round(y) + 0.5);
    ctx.lineTo(L.width - PAD_R, Math.round(y) + 0.5);
    ctx.stroke();
    for (const { v, until } of versionsAt(t, key, pos)) paintVersion(f, t, v, until, y, vColor);
    for (const r of t.probes) {
      if (r.keyText !== key || r.pos > pos) continue;
      if (r.expiredPos !== null && r.expiredPos < pos) continue;
      paintCut(f, t, r, y, pColor);
    }
  }
  ctx.font = '11px system-ui, sans-serif';
  if (t.keys.length > geo.rows.size) {
    ctx.fillStyle = '#64748b';
    ctx.fillText(`… and ${t.keys.length - geo.rows.size} more keys (the state pane lists them)`, GUTTER + 4, geo.top + geo.height - 24);
  }
}

function paintVersion(f: Frame, t: TemporalView, v: TemporalVersion, until: number | null, y: number, color: string): void {
  const { ctx, L, pos } = f;
  const x0 = f.clampX(f.px(v.time));
  const x1 = until === null ? L.width - PAD_R : f.clampX(f.px(until));
  const gone = v.leftPos !== null && v.leftPos <= pos;
  const now = v.pos === pos;
  ctx.save();
  ctx.globalAlpha = gone ? 0.4 : 1;
  if (v.ends) {
    // A delete: an end mark; the key has no version until the next one.
    ctx.strokeStyle = '#475569';
    ctx.lineWidth = now ? 2.5 : 2;
    ctx.beginPath();
    ctx.moveTo(x0, y - 8);
    ctx.lineTo(x0, y + 8);
    ctx.moveTo(x0 + 2, y - 4);
    ctx.lineTo(x0 + 8, y + 4);
    ctx.moveTo(x0 + 8, y - 4);
    ctx.lineTo(x0 + 2, y + 4);
    ctx.stroke();
    ctx.fillStyle = '#475569';
    ctx.font = '600 10px system-ui, sans-serif';
    if (x1 - x0 > 50 || until === null) ctx.fillText('deleted', x0 + 11, y - 1);
    ctx.restore();
    f.hits.push({ x: x0, y, r: 7, pos: v.pos, label: `${versionName(t, v)} ${v.kind}[${v.row.join(', ')}]: deletes ${v.keyText} at ${short(v.time)}; no version ${until === null ? 'from then on' : `until ${short(until)}`}${gone ? ` (left the state at step ${v.leftPos})` : ''}` });
    return;
  }
  const w = Math.max(3, x1 - x0);
  ctx.fillStyle = color;
  ctx.globalAlpha = gone ? 0.12 : 0.22;
  ctx.fillRect(x0, y - 6, w, 12);
  ctx.globalAlpha = gone ? 0.45 : 1;
  ctx.strokeStyle = color;
  ctx.lineWidth = now ? 2 : 1.25;
  if (gone) ctx.setLineDash([3, 2]);
  ctx.strokeRect(x0 + 0.5, y - 6, w - 1, 12);
  ctx.setLineDash([]);
  // Its start: where it becomes valid.
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x0 + 0.5, y - 8);
  ctx.lineTo(x0 + 0.5, y + 8);
  ctx.stroke();
  if (until === null) {
    // Open-ended: valid until the key's next version, which has not come.
    ctx.beginPath();
    ctx.moveTo(x1 - 5, y - 4);
    ctx.lineTo(x1, y);
    ctx.lineTo(x1 - 5, y + 4);
    ctx.stroke();
  }
  ctx.fillStyle = '#0f172a';
  ctx.font = `${now ? '600 ' : ''}10px system-ui, sans-serif`;
  const label = ellipsize(ctx, `#${v.pos} ${versionValues(t, v)}`, w - 8);
  if (label) ctx.fillText(label, x0 + 4, y + 0.5);
  ctx.restore();
  f.hits.push({
    x: x0 + Math.min(w / 2, 30),
    y,
    r: 8,
    pos: v.pos,
    label: `${versionName(t, v)} ${v.kind}[${v.row.join(', ')}]: the version of ${v.keyText} valid from ${short(v.time)}${until === null ? ' on (until a newer one)' : ` until ${short(until)}`}${v.late ? ' (arrived late)' : ''}${gone ? `; left the state at step ${v.leftPos}` : ''}`,
  });
}

/** Whether a probe row is drawn strong at this step: it arrived or was released at it. */
function strong(r: TemporalProbe, pos: number): boolean {
  return r.pos === pos || r.releasePos === pos;
}

function paintCut(f: Frame, t: TemporalView, r: TemporalProbe, y: number, color: string): void {
  const { ctx, pos, L } = f;
  const x = f.clampX(f.px(r.time));
  const waiting = waitingAt(r, pos);
  const big = strong(r, pos);
  if (L.dense && !big && !waiting) return;
  ctx.save();
  ctx.globalAlpha = big ? 1 : 0.55;
  ctx.strokeStyle = color;
  ctx.lineWidth = big ? 2 : 1.25;
  ctx.setLineDash(waiting ? [2, 2] : []);
  ctx.beginPath();
  ctx.moveTo(Math.round(x) + 0.5, y - 9);
  ctx.lineTo(Math.round(x) + 0.5, y + 9);
  ctx.stroke();
  ctx.setLineDash([]);
  // Its head: hollow while it waits, filled once released.
  ctx.beginPath();
  ctx.arc(x, y - 9, 3.5, 0, Math.PI * 2);
  ctx.fillStyle = waiting ? '#fff' : color;
  ctx.fill();
  ctx.lineWidth = 1.25;
  ctx.stroke();
  let label = '';
  if (!waiting && r.releasePos !== null && r.releasePos <= pos) {
    if (r.version) {
      // A bracket back to the start of the version it met.
      const xv = f.clampX(f.px(r.version.time));
      ctx.lineWidth = big ? 2 : 1.25;
      ctx.beginPath();
      ctx.moveTo(x, y + 8);
      ctx.lineTo(xv, y + 8);
      ctx.lineTo(xv, y + 4);
      ctx.stroke();
    }
    if (r.outcome !== 'joined') label = missWords(r);
  } else if (waiting && big) label = 'waits';
  if (label) {
    ctx.font = '600 9.5px system-ui, sans-serif';
    ctx.fillStyle = r.outcome && r.outcome !== 'joined' ? LATE_COLOR : WM_COLOR;
    const tw = ctx.measureText(label).width;
    const lx = x + 5 + tw > L.width - PAD_R ? x - 5 - tw : x + 5;
    ctx.fillText(label, lx, y - 8);
  }
  ctx.restore();
  f.hits.push({ x, y: y - 9, r: 5, pos: r.releasePos !== null && r.releasePos <= pos ? r.releasePos : r.pos, label: cutText(f.m, t, r, pos) });
}

/** A probe row's AS OF cut in words, at step `pos`. */
export function cutText(m: QueryModel, t: TemporalView, r: TemporalProbe, pos: number): string {
  const name = `${probeName(t, r)} ${r.kind}[${r.row.join(', ')}]`;
  if (waitingAt(r, pos)) {
    const wm = m.joinWatermark?.values[Math.min(pos, m.joinWatermark.values.length - 1)] ?? Number.NaN;
    return `AS OF ${short(r.time)}: ${name} waits until the join's watermark reaches ${short(r.time)} (it is ${Number.isNaN(wm) ? 'not set yet' : short(wm)})${r.late ? '; late: the watermark had passed its time, it waits for the next advance' : ''}`;
  }
  if (r.expiredPos !== null && r.expiredPos <= pos) return `AS OF ${short(r.time)}: ${name} left the state by state TTL at step ${r.expiredPos}, unreleased`;
  const at = r.releasePos !== null ? ` (released at step ${r.releasePos}, the join's watermark ${short(r.releaseWm ?? Number.NaN)})` : '';
  const v = r.version;
  if (r.outcome === 'joined' && v) return `AS OF ${short(r.time)}: ${name} joined ${versionName(t, v)} [${v.row.join(', ')}] valid from ${short(v.time)}${at}`;
  const what = r.miss === 'deleted' && v ? `the version of ${r.keyText} was deleted at ${short(v.time)}` : r.miss === 'condition' && v ? `the rest of the ON condition rejects ${versionName(t, v)} [${v.row.join(', ')}]` : `no version of ${r.keyText} at or before ${short(r.time)}`;
  return `AS OF ${short(r.time)}: ${name}: ${what}, ${r.outcome === 'padded' ? 'padded with NULLs' : 'nothing comes out'}${at}`;
}

/** The step's probe rows (arrived or released at it): a dotted line from their mark down to their cut. */
export function paintAsOfLinks(f: Frame): void {
  const t = drawnTemporal(f);
  const geo = f.L.versionLane;
  if (!t || !geo) return;
  const { ctx, m, pos } = f;
  const list = [...(t.waitsAt[pos] ?? []), ...(t.releasedAt[pos] ?? [])];
  ctx.save();
  ctx.strokeStyle = LANE_COLORS[(t.probeLane ?? 0) % LANE_COLORS.length];
  ctx.lineWidth = 1.25;
  ctx.setLineDash([1.5, 2.5]);
  for (const r of list.slice(0, 40)) {
    const y = geo.rows.get(r.keyText);
    const mark = r.lineage.length === 1 ? m.rowsByPos[r.lineage[0]] : null;
    if (y === undefined || !mark) continue;
    const x = f.clampX(f.px(r.time));
    const mx = f.xOfRow(mark);
    const my = f.yOfRow(mark) + 9;
    ctx.beginPath();
    ctx.moveTo(mx, my);
    ctx.lineTo(x, y - 13);
    ctx.stroke();
  }
  ctx.restore();
}

/** At most this many probe rows and versions are listed in words. */
const MAX_LISTED = 40;

/**
 * What the temporal-join marks say at this step, in words (the timeline's accessible text): the
 * versions per key with their validity, each probe row's AS OF cut (waiting, or what it joined),
 * and the join's watermark with the input holding it back.
 */
export function temporalMarksText(m: QueryModel, pos: number): string[] {
  const t = m.temporal;
  if (!t) return [];
  const out: string[] = [];
  let listed = 0;
  for (const key of t.keys) {
    for (const { v, until } of versionsAt(t, key, pos)) {
      if (listed++ >= MAX_LISTED) continue;
      const gone = v.leftPos !== null && v.leftPos <= pos ? `; left the state at step ${v.leftPos}` : '';
      out.push(
        v.ends
          ? `version: ${key}: ${versionName(t, v)} deletes it at ${short(v.time)}; no version ${until === null ? 'from then on' : `until ${short(until)}`}${gone}`
          : `version: ${key}: ${versionName(t, v)} ${versionValues(t, v)} valid from ${short(v.time)}${until === null ? ' on' : ` until ${short(until)}`}${v.late ? ' (arrived late)' : ''}${gone}`,
      );
    }
  }
  for (const r of t.probes) {
    if (r.pos > pos || (r.expiredPos !== null && r.expiredPos < pos)) continue;
    if (listed++ >= MAX_LISTED) continue;
    out.push(`${waitingAt(r, pos) ? 'waiting' : 'cut'}: ${cutText(m, t, r, pos)}`);
  }
  if (listed > MAX_LISTED) out.push(`… and ${listed - MAX_LISTED} more versions and probe rows`);
  const wm = m.joinWatermark && m.joinWatermark.op === t.op ? m.joinWatermark.values[Math.min(pos, m.joinWatermark.values.length - 1)] : Number.NaN;
  const held = m.held[Math.min(pos, m.held.length - 1)];
  if (!Number.isNaN(wm)) out.push(`watermarks: TemporalJoin watermark ${short(wm)}${held ? `, held back by ${held.by}` : ''}`);
  return out;
}
