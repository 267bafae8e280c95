// The report chart, drawn as plain SVG: lines over time or bars by group, a value axis, a legend and
// a tooltip that follows the pointer or the arrow keys. It replaced recharts (~120 KB gzip on the
// company admin's landing for two kinds of chart). Fetched as a chunk of its own (lazy-chart.tsx).
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useDarkScheme } from '@smsc/shared-ui/core';
import type { ChartPoint } from './report-figures';
import { axisLabels, niceTicks } from './chart-scale';

export interface ChartSeries {
  key: string;
  name: string;
}
export interface ReportChartProps {
  points: ChartPoint[];
  series: ChartSeries[];
  kind: 'line' | 'bar';
  height?: number;
  /** said under the chart, e.g. the zone its times are in */
  note?: string;
}

// antd's darker shades (blue-7, green-8, orange-8, magenta-7, purple-8, cyan-8): every one reads at
// 4.5:1 or more on white (WCAG 1.4.3), as a line and as the tooltip's text
// each palette keeps 3:1 against its own background (WCAG non-text contrast), the axis text 4.5:1
const LIGHT_CHART = {
  colors: ['#0958d9', '#237804', '#ad4e00', '#c41d7f', '#531dab', '#006d75'],
  axis: '#595959',
  grid: '#e5e5e5',
  tip: '#fff',
};
const DARK_CHART = {
  colors: ['#69b1ff', '#95de64', '#ffc069', '#ff85c0', '#b37feb', '#5cdbd3'],
  axis: 'rgba(255, 255, 255, 0.72)',
  grid: '#303030',
  tip: '#1f1f1f',
};
const PAD = { top: 8, right: 16, bottom: 28, left: 56 };
const FONT = 12;

const valueOf = (point: ChartPoint, key: string) => Number(point[key] ?? 0) || 0;
const formatValue = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The width of an element, followed as it resizes (the chart fills its column). */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => setWidth(el.clientWidth || fallback);
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, [fallback]);
  return [ref, width] as const;
}

export default function ReportChart({ points, series, kind, height = 280, note }: ReportChartProps) {
  const [box, width] = useWidth<HTMLDivElement>(640);
  const [active, setActive] = useState<number | null>(null);
  const { colors: COLORS, axis: AXIS, grid: GRID, tip } = useDarkScheme() ? DARK_CHART : LIGHT_CHART;
  const plotW = Math.max(40, width - PAD.left - PAD.right);
  const plotH = Math.max(40, height - PAD.top - PAD.bottom);
  const ticks = niceTicks(Math.max(0, ...points.flatMap((p) => series.map((s) => valueOf(p, s.key)))));
  const top = ticks[ticks.length - 1];
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const slot = points.length ? plotW / points.length : plotW;
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  // a point's short tick (a time chart's) or its label; thinned and cut so none overlap
  const xLabels = axisLabels(
    points.map((p) => String(p.tick ?? p.label)),
    plotW,
    FONT,
  );

  const onKey = (e: KeyboardEvent) => {
    if (!points.length) return;
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    setActive((i) => Math.min(points.length - 1, Math.max(0, (i ?? (step > 0 ? -1 : points.length)) + step)));
  };
  const pointAt = (clientX: number, svg: SVGSVGElement) => {
    const i = Math.floor((clientX - svg.getBoundingClientRect().left - PAD.left) / slot);
    setActive(i >= 0 && i < points.length ? i : null);
  };

  const barW = Math.max(1, (slot * 0.7) / Math.max(1, series.length));
  const shown = active === null ? null : points[active];
  return (
    <div ref={box} className="smsc-chart" style={{ position: 'relative', width: '100%' }}>
      <svg
        width={width}
        height={height}
        role="img"
        aria-label="Chart; use the left and right arrow keys to read each point"
        tabIndex={0}
        onKeyDown={onKey}
        onBlur={() => setActive(null)}
        onMouseMove={(e) => pointAt(e.clientX, e.currentTarget)}
        onMouseLeave={() => setActive(null)}
        // the first and last labels may reach past the plot's edge into the padding
        style={{ display: 'block', fontSize: FONT, overflow: 'visible' }}
      >
        {ticks.map((t) => (
          <g key={t}>
            <line
              x1={PAD.left}
              x2={PAD.left + plotW}
              y1={y(t)}
              y2={y(t)}
              stroke={GRID}
              strokeDasharray={t ? '3 3' : undefined}
            />
            <text x={PAD.left - 6} y={y(t)} dy="0.32em" textAnchor="end" fill={AXIS}>
              {formatValue(t)}
            </text>
          </g>
        ))}
        {points.map((p, i) =>
          xLabels[i] ? (
            <g key={`x${i}`}>
              {/* a shortened label keeps its full name for a pointer's hover */}
              {xLabels[i] !== p.label ? <title>{p.label}</title> : null}
              <text data-testid="x-tick" x={x(i)} y={PAD.top + plotH + 18} textAnchor="middle" fill={AXIS}>
                {xLabels[i]}
              </text>
            </g>
          ) : null,
        )}
        {active !== null ? (
          <rect x={PAD.left + slot * active} y={PAD.top} width={slot} height={plotH} fill="#000" fillOpacity={0.05} />
        ) : null}
        {series.map((s, si) =>
          kind === 'line' ? (
            <polyline
              key={s.key}
              fill="none"
              stroke={COLORS[si % COLORS.length]}
              strokeWidth={2}
              points={points.map((p, i) => `${x(i)},${y(valueOf(p, s.key))}`).join(' ')}
            />
          ) : (
            points.map((p, i) => {
              const v = valueOf(p, s.key);
              return (
                <rect
                  key={`${s.key}${i}`}
                  x={x(i) - (barW * series.length) / 2 + barW * si}
                  y={y(v)}
                  width={barW}
                  height={PAD.top + plotH - y(v)}
                  fill={COLORS[si % COLORS.length]}
                />
              );
            })
          ),
        )}
      </svg>
      <ul
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          gap: 16,
          listStyle: 'none',
          margin: '4px 0 0',
          padding: 0,
          fontSize: FONT,
        }}
      >
        {series.map((s, si) => (
          <li key={s.key} style={{ color: COLORS[si % COLORS.length] }}>
            <span
              style={{
                display: 'inline-block',
                width: 10,
                height: 10,
                marginRight: 6,
                background: COLORS[si % COLORS.length],
              }}
            />
            {s.name}
          </li>
        ))}
        {note ? (
          <li style={{ color: AXIS }} data-testid="chart-note">
            {note}
          </li>
        ) : null}
      </ul>
      {shown ? (
        <div
          role="status"
          data-testid="chart-tooltip"
          style={{
            position: 'absolute',
            top: PAD.top,
            pointerEvents: 'none',
            background: tip,
            border: `1px solid ${GRID}`,
            borderRadius: 4,
            padding: '4px 8px',
            fontSize: FONT,
            boxShadow: '0 2px 8px rgba(0,0,0,0.15)',
            ...(active !== null && x(active) > width / 2
              ? { right: width - x(active) + 12 }
              : { left: x(active ?? 0) + 12 }),
          }}
        >
          <div style={{ fontWeight: 600 }}>{shown.label}</div>
          {series.map((s, si) => (
            <div key={s.key} style={{ color: COLORS[si % COLORS.length] }}>
              {s.name}: {formatValue(valueOf(shown, s.key))}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
