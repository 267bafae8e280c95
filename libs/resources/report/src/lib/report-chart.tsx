// The only file that imports recharts: fetched as a chunk of its own (lazy-chart.tsx) by the screens
// that draw a chart, never by the shell, /login or any other screen.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartPoint } from './report-figures';

export interface ChartSeries { key: string; name: string }
export interface ReportChartProps { points: ChartPoint[]; series: ChartSeries[]; kind: 'line' | 'bar'; height?: number }

// antd's darker shades (blue-7, green-8, orange-8, magenta-7, purple-8, cyan-8): the tooltip writes each series'
// name in its colour, and every one of these reads at 4.5:1 or more on white (WCAG 1.4.3)
const COLORS = ['#0958d9', '#237804', '#ad4e00', '#c41d7f', '#531dab', '#006d75'];

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
