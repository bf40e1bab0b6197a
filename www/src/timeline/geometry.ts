// Where things go on the timeline: the x axis (event time, or arrival number when no row has
// one), one lane per input table with rows spread over tracks so marks do not overlap, a lane per
// operator that keeps windows (window aggregations, Top-Ns, deduplications, then the window join)
// with a track per overlapping window, an interval join's lane, and the output lane. Computed when the model or the
// width changes; `frame` turns it into the coordinate functions the painters use at a step.

import type { QueryModel, RowMark, WindowInfo, WindowLane } from '../model';

export const GUTTER = 118;
export const PAD_R = 18;
export const AXIS_H = 34;
export const BAND_H = 20;
export const INTERVAL_LANE_H = 50;
/** A temporal join's version lane: its head, one row per key of the versioned table, its foot (the join's watermark label). */
export const VERSION_HEAD_H = 20;
export const VERSION_ROW_H = 22;
export const VERSION_FOOT_H = 18;
/** Keys drawn in the version lane (the rest are summed up in a line). */
export const MAX_VERSION_KEYS = 12;

export interface Layout {
  width: number;
  height: number;
  from: number;
  to: number;
  /** Whether x is event time (else arrival number). */
  timeAxis: boolean;
  /** Each input lane; `track[r.pos]`: the track of its row `r`. */
  lanes: { top: number; height: number; track: Uint8Array }[];
  /** One lane per operator that keeps windows (data-flow order: aggregations, then the join). */
  windowLanes: { lane: WindowLane; top: number; height: number; track: Map<WindowInfo, number> }[];
  /** The join's lane: its window lane, or an interval join's lane (its time, its output watermark). */
  joinLane: { top: number; height: number; track: Map<WindowInfo, number> } | null;
  outLane: { top: number; height: number; track: Int32Array };
  /** A temporal join's version lane: the y of each key's row (its middle). */
  versionLane: { top: number; height: number; rows: Map<string, number> } | null;
  dense: boolean;
  /** Zoomed in: marks outside the view are clipped away, not pinned to its edges. */
  zoomed: boolean;
}

/** A mark that can be hovered or clicked. */
export interface Hit {
  x: number;
  y: number;
  r: number;
  pos: number;
  label: string;
  /** Index of an emitted row (its lineage is drawn on hover). */
  output?: number;
  /** A box rather than a circle (a window's band): its half width and half height. */
  box?: { hw: number; hh: number };
  /** Its drawn label was cut to fit (the keyboard's focus shows it whole). */
  cut?: boolean;
  /** An input row's mark (What if can drag it). */
  row?: boolean;
}

/** A span of the x axis (display clock, or arrival numbers): what the timeline shows. */
export interface XRange {
  from: number;
  to: number;
}

/** The whole x range of a model: its extent (else its arrival numbers), with a margin. */
export function fullRange(m: QueryModel): XRange {
  let from = m.extent?.from ?? 0.5;
  let to = m.extent?.to ?? Math.max(1.5, m.steps.length + 0.5);
  const span = to - from;
  from -= span * 0.04;
  to += span * 0.04;
  return { from, to };
}

/** A lane's rows in the track assignment's order (by x, then arrival) and what follows each
 * one's mark (`life`: 0 nothing; 1 a late row's label after `lifeAt`, its time; 2 its stay in an
 * interval join up to `lifeAt`, its eviction or last cleanup timer), kept across zooms. */
interface LaneOrder {
  sorted: RowMark[];
  life: Uint8Array;
  lifeAt: Float64Array;
}

const laneOrders = new WeakMap<RowMark[], LaneOrder>();

function laneOrder(m: QueryModel, rows: RowMark[], xOf: (r: RowMark) => number | null, timeAxis: boolean): LaneOrder {
  let o = laneOrders.get(rows);
  if (o) return o;
  const sorted = inOrder(rows, xOf) ? rows : [...rows].sort((a, b) => (xOf(a) ?? 0) - (xOf(b) ?? 0) || a.pos - b.pos);
  const life = new Uint8Array(sorted.length);
  const lifeAt = new Float64Array(sorted.length);
  if (timeAxis && m.interval?.rowtime)
    for (let j = 0; j < sorted.length; j++) {
      const iv = sorted[j].interval;
      if (!iv) continue;
      if (!iv.cached || iv.expires === null) {
        life[j] = 1;
        lifeAt[j] = iv.time;
        continue;
      }
      let end = iv.expires;
      for (const t of iv.timers) if (t.at !== null && Number.isFinite(t.at)) end = Math.max(end, t.at);
      life[j] = 2;
      lifeAt[j] = end;
    }
  o = { sorted, life, lifeAt };
  laneOrders.set(rows, o);
  return o;
}

/** Whether rows (in arrival order) are already in the track assignment's order: by x (a row
 * without one at 0), then arrival. */
function inOrder(rows: readonly RowMark[], xOf: (r: RowMark) => number | null): boolean {
  let prev = Number.NEGATIVE_INFINITY;
  for (const r of rows) {
    const x = xOf(r) ?? 0;
    if (!(x >= prev)) return false;
    prev = x;
  }
  return true;
}

/** The layout of `m` at `width`; `view`: the part of the x axis shown (zoomed in), null for all of it. */
export function layoutFor(m: QueryModel, width: number, view: XRange | null = null): Layout {
  const timeAxis = m.extent !== null;
  const { from, to } = view ?? fullRange(m);
  const plotW = width - GUTTER - PAD_R;
  const px = (v: number) => GUTTER + ((v - from) / (to - from)) * plotW;
  const xOf = (r: RowMark) => (timeAxis ? r.x : r.pos);

  // A row an interval join keeps has its stay drawn after it (to its eviction time and its
  // key's cleanup timer), a late one its label: the next row of its track starts after that
  // (`laneOrder`: where, on the x axis, before it is placed in pixels).
  // Dense: more rows in view than about one per 6 px.
  const shown = (r: RowMark) => {
    const x = xOf(r);
    return x === null || (x >= from && x <= to);
  };
  const totalRows = view ? m.lanes.reduce((n, l) => n + l.rows.reduce((k, r) => k + (shown(r) ? 1 : 0), 0), 0) : m.lanes.reduce((n, l) => n + l.rows.length, 0);
  const dense = totalRows > 0 && plotW / totalRows < 6;
  const markW = dense ? 4 : 24;
  const maxTracks = dense ? 3 : 5;

  let top = AXIS_H;
  const lanes: Layout['lanes'] = [];
  const positions = m.rowsByPos.length;
  for (const lane of m.lanes) {
    const track = new Uint8Array(positions);
    const ends: number[] = [];
    const { sorted, life, lifeAt } = laneOrder(m, lane.rows, xOf, timeAxis);
    for (let j = 0; j < sorted.length; j++) {
      const r = sorted[j];
      const x = px(xOf(r) ?? from);
      let t = -1;
      for (let k = 0; k < ends.length; k++)
        if (ends[k] < x - markW) {
          t = k;
          break;
        }
      if (t < 0) t = ends.length < maxTracks ? ends.length : r.pos % maxTracks;
      const end = life[j] === 0 ? Number.NEGATIVE_INFINITY : px(lifeAt[j]) + (life[j] === 1 ? 36 : 8);
      ends[t] = Math.max(ends[t] ?? -Infinity, x, end);
      track[r.pos] = t;
    }
    const n = Math.max(1, Math.min(maxTracks, ends.length));
    const height = 22 + n * (dense ? 9 : 22);
    lanes.push({ top, height, track });
    top += height;
  }

  let joinLane: Layout['joinLane'] = null;
  const windowLanes: Layout['windowLanes'] = [];
  let versionLane: Layout['versionLane'] = null;
  if (m.temporal && !m.interval && !m.windows.length && timeAxis) {
    // A temporal join's lane: a row per key of the versioned table (its versions as segments, the
    // probe rows' AS OF cuts), its watermark labelled at the foot.
    const keys = m.temporal.keys.slice(0, MAX_VERSION_KEYS);
    const rows = new Map(keys.map((k, i) => [k, top + VERSION_HEAD_H + i * VERSION_ROW_H + VERSION_ROW_H / 2]));
    const more = m.temporal.keys.length > keys.length ? 14 : 0;
    const height = VERSION_HEAD_H + Math.max(1, keys.length) * VERSION_ROW_H + more + VERSION_FOOT_H;
    versionLane = { top, height, rows };
    joinLane = { top, height, track: new Map() };
    top += height;
  } else if (m.interval && !m.windows.length && timeAxis) {
    // An interval join's lane: its time (where its cleanup timers fire) and its output watermark.
    joinLane = { top, height: INTERVAL_LANE_H, track: new Map() };
    top += INTERVAL_LANE_H;
  } else if (m.windows.length && timeAxis) {
    for (const lane of m.windowLanes) {
      const track = new Map<WindowInfo, number>();
      const ends: number[] = [];
      for (const w of lane.windows) {
        let t = ends.findIndex((e) => e <= w.start);
        if (t < 0) t = ends.length;
        ends[t] = w.end;
        // More overlapping windows than tracks share the last one.
        track.set(w, Math.min(t, 7));
      }
      const n = Math.max(1, Math.min(ends.length, 8));
      const height = 26 + n * (BAND_H + 4);
      const geo = { lane, top, height, track };
      windowLanes.push(geo);
      if (m.joinOp && lane.op === m.joinOp.id) joinLane = geo;
      top += height;
    }
  }

  const outTrack = new Int32Array(m.outputs.length);
  const outEnds: number[] = [];
  const outMax = dense ? 4 : 6;
  const outGap = dense ? 3 : 14;
  const outputs = m.outputs;
  for (let i = 0; i < outputs.length; i++) {
    const o = outputs[i];
    const x = px(timeAxis ? (o.x ?? from) : o.pos);
    let t = -1;
    for (let k = 0; k < outEnds.length; k++)
      if (outEnds[k] < x - outGap) {
        t = k;
        break;
      }
    if (t < 0) t = outEnds.length < outMax ? outEnds.length : i % outMax;
    outEnds[t] = Math.max(outEnds[t] ?? -Infinity, x);
    outTrack[i] = t;
  }
  const outN = Math.max(1, Math.min(outMax, outEnds.length));
  const outLane = { top, height: 22 + outN * (dense ? 8 : 16), track: outTrack };
  top += outLane.height;

  return { width, height: top + 8, from, to, timeAxis, lanes, windowLanes, joinLane, outLane, versionLane, dense, zoomed: view !== null };
}

/** Integer keys seen (the painters' "one mark per pixel"): a bitmap below `size`, a set beyond. */
export class KeySet {
  private readonly bits: Uint8Array;
  private readonly rest = new Set<number>();

  constructor(size: number) {
    this.bits = new Uint8Array(Math.max(0, Math.ceil(size)));
  }

  /** Adds `k`; false when it was there already. */
  add(k: number): boolean {
    if (k >= 0 && k < this.bits.length && Number.isInteger(k)) {
      if (this.bits[k]) return false;
      this.bits[k] = 1;
      return true;
    }
    if (this.rest.has(k)) return false;
    this.rest.add(k);
    return true;
  }
}

/** What every painter draws with: the canvas, the model at a step, the layout and its coordinates. */
export interface Frame {
  ctx: CanvasRenderingContext2D;
  m: QueryModel;
  L: Layout;
  pos: number;
  /** Marks drawn, for hover and click (painters append to it). */
  hits: Hit[];
  plotW: number;
  /** The bottom of the output lane. */
  bottom: number;
  px: (v: number) => number;
  /** x kept inside the plot. */
  clampX: (v: number) => number;
  xOfRow: (r: RowMark) => number;
  /** y of a row's mark in its lane. */
  yOfRow: (r: RowMark) => number;
  /** y of emitted row i in the output lane. */
  yOfOutput: (i: number) => number;
  /** x of emitted row i. */
  xOfOutput: (i: number) => number;
  /** Painting the gutter only (zoomed in: every mark is off the canvas; the axis has no ticks). */
  gutter: boolean;
}

export function frame(ctx: CanvasRenderingContext2D, m: QueryModel, L: Layout, pos: number, hits: Hit[], gutter = false): Frame {
  const plotW = L.width - GUTTER - PAD_R;
  const px = (v: number) => GUTTER + ((v - L.from) / (L.to - L.from)) * plotW;
  const clampX = (v: number) => Math.min(Math.max(v, GUTTER), L.width - PAD_R);
  const trackH = L.dense ? 9 : 22;
  const outStep = L.dense ? 8 : 16;
  return {
    ctx,
    m,
    L,
    pos,
    hits,
    gutter,
    plotW,
    bottom: L.outLane.top + L.outLane.height,
    px,
    clampX,
    xOfRow: (r) => px((L.timeAxis ? r.x : r.pos) ?? L.from),
    yOfRow: (r) => {
      const geo = L.lanes[r.lane];
      return geo.top + 20 + (geo.track[r.pos] ?? 0) * trackH + (L.dense ? 2 : 4);
    },
    yOfOutput: (i) => L.outLane.top + 18 + L.outLane.track[i] * outStep + 4,
    xOfOutput: (i) => {
      const o = m.outputs[i];
      const x = px(L.timeAxis ? (o.x ?? L.from) : o.pos);
      return L.zoomed ? x : clampX(x);
    },
  };
}
