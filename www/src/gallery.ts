// The examples gallery: every `www/examples/NAME.sql` is an example. Its leading comment lines
// carry `-- title: …` and `-- about: …` (one paragraph, may continue on further `--` lines);
// `NAME.expected`, when present, is Apache Flink's output for it (written by the oracle).

export interface Example {
  name: string;
  title: string;
  about: string;
  /** The script without its title/about header. */
  script: string;
  /** URL of Apache Flink's output for it (the oracle's `.expected`), when kept. */
  oracle: string | null;
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
    const m = /^--\s*(title|about):\s?(.*)$/.exec(lines[i]);
    if (m) {
      key = m[1];
      fields[key] = m[2].trim();
    } else if (key && /^--\s/.test(lines[i]) && !/^--\s*$/.test(lines[i])) {
      fields[key] += ` ${lines[i].replace(/^--\s*/, '').trim()}`;
    } else break;
  }
  return { name, title: fields.title || name, about: fields.about || '', script: lines.slice(i).join('\n'), oracle };
}

export const EXAMPLES: Example[] = Object.entries(sources)
  .map(([path, text]) => parseExample(baseName(path), text, expected[`${path.slice(0, -4)}.expected`] ?? null))
  .sort((a, b) => a.name.localeCompare(b.name));

export const DEFAULT_EXAMPLE = EXAMPLES[0];

export function findExample(name: string): Example | undefined {
  return EXAMPLES.find((e) => e.name === name);
}
