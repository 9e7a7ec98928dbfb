// A control for the mixed load's timeouts: a plain Node.js HTTP server (no Next.js, no site code)
// spending 1 ms of CPU on each request, loaded by autocannon with 200 connections opened at once on
// this machine. It prints how many answers took over 3 s as the load generator saw them, and the
// longest time any request spent inside the server (from its arrival to the end of the answer).
//
//   node scripts/bench/burst-control.mjs
//
// Measured here (2 cores shared with the load generator): in most runs 10-90 of the 200 first
// requests wait 3-15 s, answered one after another about 0.1 s apart, while no request spends more
// than about 0.2 s inside the server: the wait comes before the request reaches any request code,
// in getting 200 new connections served while the process is saturated. The site's route handlers
// and a bare Next.js app (a page and a route handler) show the same pattern.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import autocannon from 'autocannon';

if (process.argv[2] === 'server') {
  let longestMs = 0;
  const server = createServer(async (_request, response) => {
    const arrived = performance.now();
    await new Promise((resolve) => setImmediate(resolve));
    const busyUntil = performance.now() + 1;
    while (performance.now() < busyUntil);
    response.end('pong');
    longestMs = Math.max(longestMs, performance.now() - arrived);
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('message', () => process.send({ longestMs }));
} else {
  const child = fork(import.meta.filename, ['server']);
  const next = () => new Promise((resolve) => child.once('message', resolve));
  const { port } = await next();
  const slow = [];
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon({ url: `http://127.0.0.1:${port}/`, connections: 200, duration: 15, timeout: 30 }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      if (responseTime > 3_000) slow.push(Math.round(responseTime));
    });
  });
  child.send('report');
  const { longestMs } = await next();
  child.kill();
  console.log(
    `plain Node.js server, 200 connections: ${result.requests.total} answers, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
      `${slow.length} answers over 3 s (longest ${Math.max(0, ...slow)} ms); longest time inside the server ${longestMs.toFixed(1)} ms`,
  );
}
