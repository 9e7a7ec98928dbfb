// A control for the mixed load's timeouts: a plain Node.js HTTP server (no Next.js, no site code)
// spending 1 ms of CPU on each request, loaded by autocannon with 200 connections opened at once on
// this machine. It prints how many answers took over 3 s as the load generator saw them, the
// longest time any request spent inside the server (from its arrival to the end of the answer),
// and how many new connections the server took in per event-loop iteration.
//
//   node scripts/bench/burst-control.mjs
//
// Measured here (2 cores shared with the load generator): 80-90 of the 200 first requests wait
// 3-15 s while no request spends more than about 0.2 s inside the server, and the server takes in
// exactly one connection per loop iteration; `ss -ltn` shows the rest waiting in the listening
// socket's accept queue (over 100 at first), drained at the pace of the iterations (6-10 a second
// here, 4-5 for the site's single server.js under the mixed load). Hence scripts/cluster.cjs.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import autocannon from 'autocannon';

if (process.argv[2] === 'server') {
  let longestMs = 0;
  // Connections taken in per event-loop iteration: `iteration` counts the loop's turns.
  let iteration = 0;
  let batchIteration = -1;
  let batch = 0;
  let largestBatch = 0;
  const turn = () => {
    iteration += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  const server = createServer(async (_request, response) => {
    const arrived = performance.now();
    await new Promise((resolve) => setImmediate(resolve));
    const busyUntil = performance.now() + 1;
    while (performance.now() < busyUntil);
    response.end('pong');
    longestMs = Math.max(longestMs, performance.now() - arrived);
  });
  server.on('connection', () => {
    if (iteration !== batchIteration) {
      batchIteration = iteration;
      batch = 0;
    }
    batch += 1;
    largestBatch = Math.max(largestBatch, batch);
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('message', () => process.send({ longestMs, largestBatch }));
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
  const { longestMs, largestBatch } = await next();
  child.kill();
  console.log(
    `plain Node.js server, 200 connections: ${result.requests.total} answers, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
      `${slow.length} answers over 3 s (longest ${Math.max(0, ...slow)} ms); longest time inside the server ${longestMs.toFixed(1)} ms; ` +
      `at most ${largestBatch} new connection(s) taken in per event-loop iteration`,
  );
}
