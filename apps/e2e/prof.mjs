import { chromium } from 'playwright-core';
import fs from 'node:fs';
const url = process.argv[2] ?? 'http://127.0.0.1:4351/login';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await b.newContext({ serviceWorkers: 'block' });
const p = await ctx.newPage();
const cdp = await ctx.newCDPSession(p);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await p.goto(url);
await p.waitForTimeout(4000);
const { profile } = await cdp.send('Profiler.stop');
fs.writeFileSync('/tmp/login.cpuprofile', JSON.stringify(profile));
// self time by function (url:line)
const nodes = new Map(profile.nodes.map(n => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas; let i = 0;
for (const s of profile.samples) { const n = nodes.get(s); const key = `${n.callFrame.functionName||'(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`; self.set(key, (self.get(key)||0) + (dt[i++]||0)); }
const top = [...self.entries()].sort((a,b)=>b[1]-a[1]).slice(0,45);
for (const [k,v] of top) console.log((v/1000).toFixed(1).padStart(7),'ms', k);
await b.close();
