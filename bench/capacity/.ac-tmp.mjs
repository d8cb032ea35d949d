import autocannon from '../support/autocannon.mjs';
const [url, dur, cookie] = process.argv.slice(2);
const t0 = process.cpuUsage();
const r = await autocannon({ url, connections: 32, duration: Number(dur ?? 10), headers: { 'accept-encoding': 'br, gzip', ...(cookie ? { cookie } : {}) } });
const c = process.cpuUsage(t0);
console.log(JSON.stringify({ url, rps: Math.round(r.requests.total / r.duration), p99: r.latency.p99, loadgenCpuS: ((c.user + c.system) / 1e6).toFixed(1), non2xx: r.non2xx }));
