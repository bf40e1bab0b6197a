// Time on the timeline. The trace gives event times and watermarks as instants (epoch ms) and
// window bounds on the window clock: the session zone's wall clock for TIMESTAMP_LTZ time
// attributes, UTC-as-written for TIMESTAMP. The timeline draws everything on one "display
// clock" (wall-clock milliseconds), so LTZ instants are shifted by the zone's offset.

const offsetFormatters = new Map<string, Intl.DateTimeFormat | null>();

function formatter(zone: string): Intl.DateTimeFormat | null {
  if (!offsetFormatters.has(zone)) {
    let f: Intl.DateTimeFormat | null = null;
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      f = null;
    }
    offsetFormatters.set(zone, f);
  }
  return offsetFormatters.get(zone) ?? null;
}

/** Offset of `zone` from UTC at an instant, in ms (0 for UTC or a zone Intl does not know). */
export function zoneOffsetMs(zone: string, instantMs: number): number {
  if (/^(utc|gmt|z)$/i.test(zone)) return 0;
  const f = formatter(zone);
  if (!f) return 0;
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(instantMs))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/** Converts instants to the display clock. */
export type Clock = (instantMs: number) => number;

export function clockFor(zone: string, ltz: boolean): Clock {
  if (!ltz || zone.toUpperCase() === 'UTC') return (t) => t;
  return (t) => (Number.isFinite(t) ? t + zoneOffsetMs(zone, t) : t);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `12:22:47.268` (display clock), dropping zero milliseconds when `compact`. */
export function formatTime(ms: number, compact = false): string {
  const d = new Date(ms);
  const base = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const frac = d.getUTCMilliseconds();
  return compact && frac === 0 ? base : `${base}.${pad(frac, 3)}`;
}

export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

const NICE_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000,
  900_000, 1_800_000, 3_600_000, 7_200_000, 10_800_000, 21_600_000, 43_200_000, 86_400_000, 172_800_000, 604_800_000,
];

/** Tick positions for a range, about `target` of them, at round intervals. */
export function ticks(from: number, to: number, target: number): { step: number; values: number[] } {
  const span = Math.max(1, to - from);
  const step = NICE_STEPS.find((s) => span / s <= target) ?? NICE_STEPS[NICE_STEPS.length - 1];
  const values: number[] = [];
  for (let v = Math.ceil(from / step) * step; v <= to; v += step) values.push(v);
  return { step, values };
}

/** A duration in words: `4 h`, `1 h 30 min`, `59.999 s`, `1 ms`, `−4 h`, `0 ms`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return ms > 0 ? '+∞' : '−∞';
  if (ms === 0) return '0 ms';
  let a = Math.abs(ms);
  const parts: string[] = [];
  for (const [u, name] of [
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'min'],
  ] as const) {
    if (a >= u) {
      parts.push(`${Math.floor(a / u)} ${name}`);
      a %= u;
    }
  }
  if (a >= 1000) parts.push(`${+(a / 1000).toFixed(3)} s`);
  else if (a) parts.push(`${a} ms`);
  return `${ms < 0 ? '−' : ''}${parts.join(' ')}`;
}
