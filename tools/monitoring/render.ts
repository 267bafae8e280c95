// Draws dashboard panels as SVG line charts in one HTML page (dashboard-snapshot.ts screenshots it).
export interface Series {
  name: string;
  /** [seconds since the run's start, value] */
  points: [number, number][];
}
export interface Panel {
  title: string;
  /** Grafana's unit of the panel: s, bytes, percentunit, reqps, ops, short */
  unit: string;
  series: Series[];
}

const W = 760;
const H = 200;
const PAD = { left: 64, right: 12, top: 10, bottom: 24 };
const COLOURS = ['#73bf69', '#f2cc0c', '#8ab8ff', '#ff780a', '#f2495c', '#5794f2', '#b877d9', '#fade2a'];

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** 1234 → 1.23k; 0.0042 → 4.2m (Grafana's short unit) */
export function short(v: number): string {
  const a = Math.abs(v);
  if (a === 0) return '0';
  const units: [number, string][] = [
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
    [1, ''],
    [1e-3, 'm'],
    [1e-6, 'µ'],
  ];
  const [d, u] = units.find(([d]) => a >= d) ?? [1e-6, 'µ'];
  return `${Number((v / d).toPrecision(3))}${u}`;
}

/** a value in the panel's unit, as Grafana's axis shows it */
export function inUnit(v: number, unit: string): string {
  if (unit === 's') return Math.abs(v) < 1 && v !== 0 ? `${short(v * 1000)} ms` : `${short(v)} s`;
  if (unit === 'bytes') return `${short(v / 1048576)} MiB`;
  if (unit === 'percentunit') return `${short(v * 100)} %`;
  if (unit === 'reqps') return `${short(v)} req/s`;
  if (unit === 'ops') return `${short(v)} /s`;
  return short(v);
}

function chart(panel: Panel, span: number): string {
  const finite = panel.series.flatMap((s) => s.points.map(([, v]) => v)).filter(Number.isFinite);
  if (!finite.length)
    return `<svg width="${W}" height="${H}"><text x="${W / 2}" y="${H / 2}" class="none">No data</text></svg>`;
  const lo = Math.min(0, ...finite);
  const hi = Math.max(...finite) === lo ? lo + 1 : Math.max(...finite);
  const x = (t: number) => PAD.left + (t / span) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - lo) / (hi - lo)) * (H - PAD.top - PAD.bottom);
  const grid = [0, 0.25, 0.5, 0.75, 1]
    .map((f) => lo + f * (hi - lo))
    .map(
      (v) =>
        `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(v)}" y2="${y(v)}" class="grid"/><text x="${PAD.left - 6}" y="${y(v) + 4}" class="ytick">${inUnit(v, panel.unit)}</text>`,
    )
    .join('');
  const step = span > 240 ? 60 : span > 90 ? 30 : 10;
  const xticks = Array.from({ length: Math.floor(span / step) + 1 }, (_, i) => i * step)
    .map((t) => `<text x="${x(t)}" y="${H - 6}" class="xtick">${t} s</text>`)
    .join('');
  const lines = panel.series
    .map((s, i) => {
      // a gap (NaN, or a node gone) breaks the line instead of joining across it
      const d = s.points
        .map(([t, v], j) =>
          Number.isFinite(v)
            ? `${j && Number.isFinite(s.points[j - 1][1]) ? 'L' : 'M'}${x(t).toFixed(1)},${y(v).toFixed(1)}`
            : '',
        )
        .join('');
      return `<path d="${d}" stroke="${COLOURS[i % COLOURS.length]}" class="line"/>`;
    })
    .join('');
  return `<svg width="${W}" height="${H}">${grid}${xticks}${lines}</svg>`;
}

function legend(panel: Panel): string {
  const shown = panel.series.slice(0, 6);
  const more = panel.series.length - shown.length;
  return (
    shown
      .map((s, i) => `<span><i style="background:${COLOURS[i % COLOURS.length]}"></i>${esc(s.name)}</span>`)
      .join('') + (more > 0 ? `<span>+${more} more</span>` : '')
  );
}

export function renderDashboard(title: string, panels: Panel[], span: number): string {
  const cells = panels
    .map((p) => `<section><h2>${esc(p.title)}</h2>${chart(p, span)}<div class="legend">${legend(p)}</div></section>`)
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { margin: 0; padding: 16px; background: #111217; color: #ccccdc; font: 12px Inter, Arial, sans-serif; }
    h1 { font-size: 16px; margin: 0 0 12px; font-weight: 500; }
    main { display: grid; grid-template-columns: repeat(2, ${W + 20}px); gap: 10px; }
    section { background: #181b1f; border: 1px solid #2c3235; border-radius: 3px; padding: 8px 10px; }
    h2 { font-size: 13px; margin: 0 0 6px; font-weight: 500; }
    .grid { stroke: #2c3235; } .line { fill: none; stroke-width: 1.5; }
    .ytick { fill: #8e8e9e; text-anchor: end; font-size: 10px; } .xtick { fill: #8e8e9e; text-anchor: middle; font-size: 10px; }
    .none { fill: #8e8e9e; text-anchor: middle; }
    .legend { display: flex; flex-wrap: wrap; gap: 4px 12px; min-height: 16px; color: #a8a8b8; font-size: 11px; }
    .legend i { display: inline-block; width: 12px; height: 3px; margin-right: 4px; vertical-align: middle; }
  </style></head><body><h1>${esc(title)}</h1><main>${cells}</main></body></html>`;
}
