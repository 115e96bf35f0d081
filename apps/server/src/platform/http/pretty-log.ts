import { pino, type DestinationStream } from 'pino';

/**
 * The log on a terminal: the same records as the JSON lines (the logger, its levels and its
 * redaction are unchanged), written as `12:04:05 INFO  message key=value`, a request as
 * `GET /api/me 200 3.1 ms`, an error with its stack, and a record's `lines` one under the other
 * (the start-up block). Our own twenty lines rather than pino-pretty (a dependency with its own
 * dependencies, loaded for a terminal only): nothing here needs its options.
 */
const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '90' },
  20: { name: 'DEBUG', color: '90' },
  30: { name: 'INFO', color: '32' },
  40: { name: 'WARN', color: '33' },
  50: { name: 'ERROR', color: '31' },
  60: { name: 'FATAL', color: '41;97' },
};
// pino's own fields, and those a line below writes in its own way.
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);
const SHOWN_APART_WITH_LINES = new Set([...SHOWN_APART, 'lines']);

type Record_ = {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  lines?: unknown;
  [key: string]: unknown;
};

const clock = (time: number | undefined) => {
  const d = new Date(time ?? Date.now());
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
};

const valueText = (value: unknown) => (typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value));

/** One JSON line as pino wrote it, as it reads on a terminal (with a final newline). */
export const prettyLine = (line: string, { color }: { color: boolean }): string => {
  let record: Record_;
  try {
    record = JSON.parse(line) as Record_;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const paint = (code: string, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const level = LEVELS[record.level ?? 30] ?? { name: String(record.level), color: '0' };
  let text = record.msg ?? '';
  if (record.req && record.res) {
    const took = typeof record.responseTime === 'number' ? ` ${record.responseTime.toFixed(1)} ms` : '';
    text = `${record.req.method ?? ''} ${record.req.url ?? ''} ${record.res.statusCode ?? ''}${took}`;
    if (record.msg && record.msg !== 'request completed') text = `${record.msg}: ${text}`;
  }
  const lines = Array.isArray(record.lines) ? record.lines.map(String) : null;
  const apart = lines ? SHOWN_APART_WITH_LINES : SHOWN_APART;
  const fields = Object.entries(record)
    // A field the message already says (the start-up block's url) is not written twice.
    .filter(([key, value]) => !apart.has(key) && !(typeof value === 'string' && text.includes(value)))
    .map(([key, value]) => paint('90', `${key}=${valueText(value)}`));
  let out = `${paint('90', clock(record.time))} ${paint(level.color, level.name.padEnd(5))} ${[text, ...fields].join(' ')}\n`;
  const indent = ' '.repeat(15);
  if (lines) out += lines.map((l) => `${indent}${l}\n`).join('');
  if (record.err) {
    const stack = record.err.stack ?? `${record.err.type ?? 'Error'}: ${record.err.message ?? ''}`;
    out += stack
      .split('\n')
      .map((l) => `${indent}${paint('31', l)}\n`)
      .join('');
  }
  return out;
};

/**
 * Standard output for a person: each record written at once (a terminal's reader waits for it;
 * the JSON output's buffering is for a busy server's throughput), in colour unless NO_COLOR is set.
 */
export const prettyStdout = (color: boolean): DestinationStream => {
  const out = pino.destination({ dest: 1, sync: true });
  return { write: (line: string) => void out.write(prettyLine(line, { color })) };
};
