/**
 * A small Prometheus registry: counters and histograms with labels, written in the text exposition
 * format (version 0.0.4). Hand-rolled rather than prom-client: this is all the server needs, and a
 * count is one map lookup and an add on the request path.
 */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const escapeHelp = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');

export const labelText = (names: readonly string[], values: readonly string[]): string =>
  names.length === 0 ? '' : `{${names.map((n, i) => `${n}="${escapeLabel(values[i] ?? '')}"`).join(',')}}`;

const num = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN');

export const header = (name: string, help: string, type: 'counter' | 'gauge' | 'histogram') =>
  `# HELP ${name} ${escapeHelp(help)}\n# TYPE ${name} ${type}\n`;

/** One sample line; `labels` as name -> value. */
export const sample = (name: string, value: number, labels: Record<string, string> = {}) =>
  `${name}${labelText(Object.keys(labels), Object.values(labels))} ${num(value)}\n`;

export type Counter = { inc: (labelValues: readonly string[], by?: number) => void; render: () => string };

export const counter = (name: string, help: string, labelNames: readonly string[] = []): Counter => {
  const values = new Map<string, { labels: readonly string[]; value: number }>();
  return {
    inc: (labelValues, by = 1) => {
      const key = labelValues.join('\u0000');
      const entry = values.get(key);
      if (entry) entry.value += by;
      else values.set(key, { labels: [...labelValues], value: by });
    },
    render: () =>
      header(name, help, 'counter') +
      [...values.values()].map((e) => `${name}${labelText(labelNames, e.labels)} ${num(e.value)}\n`).join(''),
  };
};

export type Histogram = {
  observe: (labelValues: readonly string[], value: number) => void;
  /** Each label set with its observation count (a counter family can be written from it). */
  counts: () => { labels: readonly string[]; count: number }[];
  render: () => string;
};

/** `buckets`: upper bounds, ascending; +Inf is added. */
export const histogram = (
  name: string,
  help: string,
  labelNames: readonly string[],
  buckets: readonly number[],
): Histogram => {
  type Entry = { labels: readonly string[]; buckets: number[]; sum: number; count: number };
  const entries = new Map<string, Entry>();
  return {
    observe: (labelValues, value) => {
      const key = labelValues.join('\u0000');
      let entry = entries.get(key);
      if (!entry) {
        entry = { labels: [...labelValues], buckets: buckets.map(() => 0), sum: 0, count: 0 };
        entries.set(key, entry);
      }
      // Non-cumulative here (one add); made cumulative when written.
      const i = buckets.findIndex((le) => value <= le);
      if (i >= 0) entry.buckets[i]! += 1;
      entry.sum += value;
      entry.count += 1;
    },
    counts: () => [...entries.values()].map((e) => ({ labels: e.labels, count: e.count })),
    render: () => {
      let out = header(name, help, 'histogram');
      for (const e of entries.values()) {
        let cumulative = 0;
        buckets.forEach((le, i) => {
          cumulative += e.buckets[i]!;
          out += `${name}_bucket${labelText([...labelNames, 'le'], [...e.labels, String(le)])} ${cumulative}\n`;
        });
        out += `${name}_bucket${labelText([...labelNames, 'le'], [...e.labels, '+Inf'])} ${e.count}\n`;
        out += `${name}_sum${labelText(labelNames, e.labels)} ${num(e.sum)}\n`;
        out += `${name}_count${labelText(labelNames, e.labels)} ${e.count}\n`;
      }
      return out;
    },
  };
};
