// The Settings pane's view of the script: the SET statements are the truth. Reading finds the
// SETs (outside comments); writing edits the value of an existing SET or adds one near the top.

export type SettingName = 'arrival' | 'mode' | 'zone' | 'dialect' | 'proctime' | 'ttl' | 'seed' | 'examplesRows';

/** Every key the engine accepts for a setting; the first is the one the page writes. */
const KEYS: Record<SettingName, string[]> = {
  arrival: ['joinlab.arrival'],
  mode: ['joinlab.mode', 'oracle.mode'],
  zone: ['sql.local-time-zone', 'table.local-time-zone'],
  dialect: ['joinlab.dialect'],
  proctime: ['joinlab.proctime-step'],
  ttl: ['sql.state-ttl', 'table.exec.state.ttl'],
  seed: ['joinlab.seed'],
  examplesRows: ['joinlab.examples.rows'],
};

export const DEFAULTS: Record<SettingName, string> = {
  arrival: 'by-time',
  mode: 'both',
  zone: 'UTC',
  dialect: 'confluent',
  proctime: '1 s',
  /** No state TTL: state is kept forever. */
  ttl: '',
  /** The session seed of generated data (docs/mock-data.md). */
  seed: '0',
  /** Each examples table's own default row count. */
  examplesRows: '',
};

/** Script-wide settings hold wherever they stand; the others apply to what is below them. */
const SCRIPT_WIDE: SettingName[] = ['arrival', 'dialect', 'seed', 'examplesRows'];

export interface SetStatement {
  key: string;
  value: string;
  /** 1-based script line. */
  line: number;
  /** Offsets of the value's text (inside the quotes) in the script. */
  valueFrom: number;
  valueTo: number;
}

const SET_RE = /^[ \t]*SET[ \t]+'([^']+)'[ \t]*=[ \t]*'([^']*)'[ \t]*;/i;

/** The last scripts read, with their SETs and first query line: one pass per text version (a
 * 5 MB script is read on every step by the step header and on every edit by the panes). */
const memo: { script: string; sets: SetStatement[]; firstQuery: number | null }[] = [];
function memoOf(script: string): { script: string; sets: SetStatement[]; firstQuery: number | null } {
  let m = memo.find((x) => x.script === script);
  if (!m) {
    m = { script, sets: scanSets(script), firstQuery: null };
    memo.unshift(m);
    if (memo.length > 3) memo.pop();
  }
  return m;
}

/** The SET statements of a script, skipping comments (block comments included). */
export function findSets(script: string): SetStatement[] {
  return memoOf(script).sets;
}

/** Only lines with `set`, `/*` or `*\/` can hold a SET or open / close a block comment: the scan
 * jumps from one to the next (a 5 MB pasted log is mostly other lines). */
function scanSets(script: string): SetStatement[] {
  const out: SetStatement[] = [];
  let inBlock = false;
  let line = 1;
  let counted = 0;
  const interesting = /set|\/\*|\*\//gi;
  for (let m = interesting.exec(script); m; m = interesting.exec(script)) {
    const lineStart = script.lastIndexOf('\n', m.index) + 1;
    const nl = script.indexOf('\n', m.index);
    const lineEnd = nl < 0 ? script.length : nl;
    for (let p = script.indexOf('\n', counted); p >= 0 && p < lineStart; p = script.indexOf('\n', p + 1)) line++;
    counted = lineStart;
    interesting.lastIndex = lineEnd + 1;
    let text = script.slice(lineStart, lineEnd);
    if (inBlock) {
      const end = text.indexOf('*/');
      if (end < 0) continue;
      inBlock = false;
      text = ' '.repeat(end + 2) + text.slice(end + 2);
    }
    const set = SET_RE.exec(text);
    if (set) {
      const valueFrom = lineStart + set[0].lastIndexOf(`'${set[2]}'`) + 1;
      out.push({ key: set[1].toLowerCase(), value: set[2], line, valueFrom, valueTo: valueFrom + set[2].length });
    }
    const open = text.lastIndexOf('/*');
    if (open >= 0 && text.indexOf('*/', open) < 0 && !text.slice(0, open).includes('--')) inBlock = true;
  }
  return out;
}

function setsOf(script: string, name: SettingName): SetStatement[] {
  return findSets(script).filter((s) => KEYS[name].includes(s.key));
}

/** First line of the first statement that is a query (SELECT / WITH / VALUES). */
export function firstQueryLine(script: string): number {
  const m = memoOf(script);
  m.firstQuery ??= scanFirstQuery(script);
  return m.firstQuery;
}

function scanFirstQuery(script: string): number {
  const newlinesBefore = (end: number) => {
    let n = 0;
    for (let p = script.indexOf('\n'); p >= 0 && p < end; p = script.indexOf('\n', p + 1)) n++;
    return n;
  };
  const re = /^[^\S\n]*(SELECT|WITH|VALUES)\b/gim;
  for (let m = re.exec(script); m; m = re.exec(script)) {
    // Lines are split at \n only (the m flag's ^ also follows \r, \u2028, \u2029).
    if (m.index === 0 || script[m.index - 1] === '\n') return newlinesBefore(m.index) + 1;
    re.lastIndex = m.index + 1;
  }
  return newlinesBefore(script.length) + 2;
}

/**
 * The value in effect for a query: script-wide settings (arrival, dialect) take the last SET;
 * positional ones (mode, zone, processing-time clock, state TTL) the last SET above the query's
 * line (`atLine`, by default the first query's).
 */
export function readSetting(script: string, name: SettingName, atLine?: number | null): string {
  let sets = setsOf(script, name);
  if (!SCRIPT_WIDE.includes(name)) {
    const q = atLine ?? firstQueryLine(script);
    sets = sets.filter((s) => s.line < q);
  }
  return sets.length ? sets[sets.length - 1].value : DEFAULTS[name];
}

/** The value of a positional setting in effect at a script line (SETs are positional). */
export function settingAt(script: string, name: SettingName, line: number): string {
  return readSetting(script, name, line);
}

/** The session zone in effect at a script line. */
export function zoneAt(script: string, line: number): string {
  return settingAt(script, 'zone', line);
}

/**
 * The script with the setting changed for the query at `atLine` (by default the first): the
 * SET in effect there is edited, or a new SET is added near the top.
 */
export function writeSetting(script: string, name: SettingName, value: string, atLine?: number | null): string {
  if (readSetting(script, name, atLine) === value) return script;
  const q = atLine ?? firstQueryLine(script);
  const sets = setsOf(script, name).filter((s) => SCRIPT_WIDE.includes(name) || s.line < q);
  const target = sets[sets.length - 1];
  if (target) return script.slice(0, target.valueFrom) + value + script.slice(target.valueTo);
  const stmt = `SET '${KEYS[name][0]}' = '${value}';`;
  const lines = script.split('\n');
  // Below the last SET at the top, or else below the leading comment lines.
  const first = firstQueryLine(script);
  const allSets = findSets(script).filter((s) => s.line < first);
  let at = allSets.length ? allSets[allSets.length - 1].line : 0;
  if (!allSets.length) while (at < lines.length && /^\s*--/.test(lines[at])) at++;
  lines.splice(at, 0, stmt);
  return lines.join('\n');
}

/** The script without any SET of a (script-wide) setting: back to its default. */
export function removeSetting(script: string, name: SettingName): string {
  const lines = new Set(setsOf(script, name).map((s) => s.line));
  if (!lines.size) return script;
  return script
    .split('\n')
    .filter((_, i) => !lines.has(i + 1))
    .join('\n');
}

/** The SET in effect for a script-wide setting (the last one), or null when the script has none. */
export function lastSet(script: string, name: SettingName): SetStatement | null {
  const sets = setsOf(script, name);
  return sets.length ? sets[sets.length - 1] : null;
}

/** The arrival order the engine used, read from a query's notes (`# note: arrival as-written`
 * and the reason note after it); `reason` says why by-time was not possible. */
export interface ArrivalInEffect {
  value: 'by-time' | 'as-written';
  reason: string | null;
}

export function arrivalInEffect(notes: string[]): ArrivalInEffect | null {
  const plain = notes.map((n) => n.replace(/^#\s*note:\s*/, ''));
  const said = plain.find((n) => /^arrival (as-written|by-time)\b/.test(n));
  if (!said) return null;
  if (said.startsWith('arrival by-time')) return { value: 'by-time', reason: null };
  let reason: string | null = null;
  for (const n of plain) {
    const noWm = /table (\S+) has no WATERMARK/.exec(n);
    const computed = /the WATERMARK column (\S+) of table (\S+) is computed/.exec(n);
    if (noWm) reason = `no WATERMARK on ${noWm[1]}`;
    else if (computed) reason = `the WATERMARK column ${computed[1]} of ${computed[2]} is computed`;
    else if (/@ data lines always arrive as written/.test(n)) reason = '@ data lines arrive as written';
    if (reason) break;
  }
  return { value: 'as-written', reason };
}
