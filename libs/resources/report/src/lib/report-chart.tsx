// The only file that imports recharts: fetched as a chunk of its own (lazy-chart.tsx) by the screens
// that draw a chart, never by the shell, /login or any other screen.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartPoint } from './report-figures';

export interface ChartSeries { key: string; name: string }
export interface ReportChartProps { points: ChartPoint[]; series: ChartSeries[]; kind: 'line' | 'bar'; height?: number }

const COLORS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2'];

export default function ReportChart({ points, series, kind, height = 280 }: ReportChartProps) {
  const Chart = kind === 'line' ? LineChart : BarChart;
  return (
    <ResponsiveContainer width="100%" height={height}>
      <Chart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} />
        <YAxis tick={{ fontSize: 12 }} allowDecimals />
        <Tooltip />
        <Legend />
        {series.map((s, i) => (kind === 'line'
          ? <Line key={s.key} type="monotone" dataKey={s.key} name={s.name} stroke={COLORS[i % COLORS.length]} dot={false} isAnimationActive={false} />
          : <Bar key={s.key} dataKey={s.key} name={s.name} fill={COLORS[i % COLORS.length]} isAnimationActive={false} />))}
      </Chart>
    </ResponsiveContainer>
  );
}
