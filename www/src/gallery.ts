// The examples gallery: every `www/examples/NAME.sql` is an example. Its leading comment lines
// carry `-- title: …` and `-- about: …` (one paragraph, may continue on further `--` lines);
// `NAME.expected`, when present, is Apache Flink's output for it (written by the oracle). An
// example that shows a rejection says where with `-- error-at: LINE:COLUMN` (in the file, as
// `joinlab run` reports it).

export interface Example {
  name: string;
  title: string;
  about: string;
  /** The script without its title/about header. */
  script: string;
  /** URL of Apache Flink's output for it (the oracle's `.expected`), when kept. */
  oracle: string | null;
  /** For an example that shows an error: where it is, in the script as loaded (header removed). */
  errorAt: { line: number; column: number } | null;
  /** `-- compare: NAME`: another example to show side by side with this one. */
  compare: string | null;
}

const sources = import.meta.glob('../examples/*.sql', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
/** URLs of the oracle outputs (shipped as files, fetched only when asked for). */
const expected = import.meta.glob('../examples/*.expected', { query: '?url', import: 'default', eager: true }) as Record<string, string>;

const baseName = (path: string) => path.replace(/^.*\//, '').replace(/\.[^.]+$/, '');

/** Splits a file into its header fields and the script below them. */
export function parseExample(name: string, text: string, oracle: string | null = null): Example {
  const lines = text.split('\n');
  const fields: Record<string, string> = {};
  let key = '';
  let i = 0;
  for (; i < lines.length; i++) {
    const m = /^--\s*(title|about|error-at|compare):\s?(.*)$/.exec(lines[i]);
    if (m) {
      key = m[1];
      fields[key] = m[2].trim();
    } else if (key && /^--\s/.test(lines[i]) && !/^--\s*$/.test(lines[i])) {
      fields[key] += ` ${lines[i].replace(/^--\s*/, '').trim()}`;
    } else break;
  }
  const at = /^(\d+):(\d+)$/.exec(fields['error-at'] ?? '');
  const errorAt = at ? { line: Number(at[1]) - i, column: Number(at[2]) } : null;
  return { name, title: fields.title || name, about: fields.about || '', script: lines.slice(i).join('\n'), oracle, errorAt, compare: fields.compare || null };
}

export const EXAMPLES: Example[] = Object.entries(sources)
  .map(([path, text]) => parseExample(baseName(path), text, expected[`${path.slice(0, -4)}.expected`] ?? null))
  .sort((a, b) => a.name.localeCompare(b.name));

/** The gallery's badge for an example: how it is checked. */
export function badgeOf(e: Example): { text: string; title: string; cls: string } {
  if (e.oracle) return { text: 'checked against Flink 2.3', title: "The page shows exactly Apache Flink 2.3's output for this script", cls: 'jl-badge-oracle' };
  if (e.errorAt) return { text: 'shows an error', title: 'This example is about a query the dialect rejects', cls: 'jl-badge-error' };
  if (/'connector'\s*=\s*'(datagen|faker)'|\bexamples\.|USE\s+CATALOG\s+examples/i.test(e.script))
    return {
      text: 'JoinLab only',
      title: "Generated data: Flink's datagen and faker are random and the examples catalog is Confluent's, so there is no oracle output (the tests check the documented properties instead)",
      cls: 'jl-badge-gen',
    };
  if (/\$rowtime/.test(e.script)) return { text: 'Confluent only', title: 'Apache Flink has no $rowtime: no oracle output', cls: '' };
  return { text: 'JoinLab only', title: 'Apache Flink cannot check this one (see the example text)', cls: '' };
}

export const DEFAULT_EXAMPLE = EXAMPLES[0];

export function findExample(name: string): Example | undefined {
  return EXAMPLES.find((e) => e.name === name);
}
