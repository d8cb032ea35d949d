/**
 * A strict reader of the Prometheus text exposition (format 0.0.4) for the metrics tests: every line is a
 * `# HELP`, a `# TYPE` or a sample of a family declared before it; anything else fails the parse.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  /** Family name -> its type (counter, gauge, histogram, summary, untyped). */
  types: Map<string, string>;
  samples: Sample[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;
const SUFFIXES = ['_bucket', '_sum', '_count', '_created', '_total'];

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match?.[1] || match[2] === undefined) throw new Error(`bad labels in: ${line}`);
    labels[match[1]] = match[2].replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
  }
  return labels;
}

function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  const suffix = SUFFIXES.find((one) => name.endsWith(one));
  return suffix && types.has(name.slice(0, -suffix.length)) ? name.slice(0, -suffix.length) : undefined;
}

export function parseExposition(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ')) continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type?.[1] && type[2]) {
      types.set(type[1], type[2]);
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample?.[1] || sample[3] === undefined) throw new Error(`not an exposition line: ${line}`);
    if (!familyOf(sample[1], types)) throw new Error(`sample of an undeclared family: ${line}`);
    // Go's ParseFloat, which Prometheus uses: NaN and Inf in any case (prom-client writes `Nan`).
    const special = /^([+-]?)(inf|nan)$/i.exec(sample[3]);
    const value = special
      ? special[2]?.toLowerCase() === 'nan'
        ? Number.NaN
        : special[1] === '-'
          ? -Infinity
          : Infinity
      : Number(sample[3]);
    if (Number.isNaN(value) && !special) throw new Error(`bad value: ${line}`);
    samples.push({ name: sample[1], labels: parseLabels(sample[2] ?? '', line), value });
  }
  return { types, samples };
}

/** The samples of `name` whose labels include `labels`. */
export function samplesOf(
  exposition: Exposition,
  name: string,
  labels: Record<string, string> = {},
): Sample[] {
  return exposition.samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}
