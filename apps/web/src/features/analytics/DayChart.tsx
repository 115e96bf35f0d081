import { useTheme } from '@mui/material';
import { abbreviateCount, chartColours, withZeroDay, type AnalyticsDayRow, formatCount } from '@pc/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { analyticsTexts as t } from './texts';

const series = [
  { key: 'sentChatCount', name: t.sent },
  { key: 'deliveredChatCount', name: t.delivered },
  { key: 'readChatCount', name: t.read },
  { key: 'failedChatCount', name: t.failed },
  { key: 'receivedChatCount', name: t.received },
] as const;

// Recharts sorts legend and tooltip items by name; keep the order of the totals (sent, delivered, read, failed).
const seriesOrder = (item: { dataKey?: unknown }) => series.findIndex((s) => s.key === item.dataKey);

type Point = {
  dayDate: string;
  sentChatCount: number;
  deliveredChatCount: number;
  readChatCount: number;
  failedChatCount: number;
  receivedChatCount: number;
};

/** Messages per day; a single day gets a zero day before it; the axis reads 1.2K, 3M, 1B. Loaded lazily (recharts). */
export const DayChart = ({ rows }: { rows: AnalyticsDayRow[] }) => {
  const theme = useTheme();
  const points: Point[] = withZeroDay<Point>(
    rows.map((r) => ({
      dayDate: r.dayDate,
      sentChatCount: r.sentChatCount,
      deliveredChatCount: r.deliveredChatCount,
      readChatCount: r.readChatCount,
      failedChatCount: r.failedChatCount,
      receivedChatCount: r.receivedChatCount,
    })),
    (dayDate) => ({
      dayDate,
      sentChatCount: 0,
      deliveredChatCount: 0,
      readChatCount: 0,
      failedChatCount: 0,
      receivedChatCount: 0,
    }),
  );
  return (
    <ResponsiveContainer width="100%" height={300}>
      <BarChart data={points} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
        <XAxis dataKey="dayDate" tick={{ fontSize: 12 }} minTickGap={16} />
        <YAxis
          tickFormatter={(v: number) => abbreviateCount(v)}
          tick={{ fontSize: 12 }}
          width={48}
          allowDecimals={false}
        />
        <Tooltip formatter={(v) => formatCount(Number(v))} itemSorter={seriesOrder} />
        <Legend itemSorter={seriesOrder} />
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            fill={chartColours[i % chartColours.length]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
};
