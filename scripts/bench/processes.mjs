// Every process the bench starts is registered here and stopped by its own id (its process group),
// on success, on failure and on Ctrl-C alike; so is the edge topology (scripts/edge.mjs), by its own
// stop().
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';

const running = new Set();
/** stop() functions of what was started elsewhere (the edge topology): awaited by stopAll. */
const stoppers = new Set();

/** Registers `stopper` (an async stop()) to run with stopAll; answers a function that unregisters it. */
export function onStopAll(stopper) {
  stoppers.add(stopper);
  return () => stoppers.delete(stopper);
}

/**
 * Starts a command in its own process group (so a wrapper such as tsx and the node it runs stop
 * together), output to `logFile` or ignored. Answers the child process.
 */
export function start(command, args, { cwd, env, logFile, name = command } = {}) {
  const out = logFile ? openSync(logFile, 'a') : 'ignore';
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, out], detached: true });
  const entry = { child, name };
  running.add(entry);
  child.once('exit', () => running.delete(entry));
  return child;
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Stops one started process: SIGTERM to its group, SIGKILL after `graceMs`. */
export function stop(child, graceMs = 5_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    signalGroup(child, 'SIGTERM');
  });
}

export async function stopAll() {
  await Promise.all([...[...stoppers].map((stopper) => stopper().catch(() => {})), ...[...running].map(({ child }) => stop(child))]);
  stoppers.clear();
}

/** Last resort on process exit: no graceful wait is possible there. */
function killAllNow() {
  for (const { child } of running) signalGroup(child, 'SIGKILL');
}
process.once('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}, stopping what it started`);
    stopAll().finally(() => process.exit(130));
  });
}

/** Resident memory of a process and all its descendants, in bytes (Linux). */
export async function rssBytes(pid) {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  const own = match ? Number(match[1]) * 1024 : NaN;
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const theirs = await Promise.all(children.split(' ').filter(Boolean).map((child) => rssBytes(Number(child)).catch(() => 0)));
  return theirs.reduce((sum, rss) => sum + rss, own);
}

/** The process ids of `pid` and all its descendants (Linux); none when it is gone. */
export async function processTree(pid) {
  const { readFile } = await import('node:fs/promises');
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => null);
  if (children === null) return [];
  const below = await Promise.all(children.split(' ').filter(Boolean).map((child) => processTree(Number(child))));
  return [pid, ...below.flat()];
}

/** CPU time (user and system) `pids` have used so far, in seconds (Linux; a process gone counts 0). */
export async function cpuSeconds(pids) {
  const { readFile } = await import('node:fs/promises');
  const ticks = await Promise.all(
    pids.map(async (pid) => {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) || 0) + (Number(fields[12]) || 0);
    }),
  );
  // USER_HZ: 100 on every Linux this runs on.
  return ticks.reduce((sum, n) => sum + n, 0) / 100;
}

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function runToEnd(command, args, { cwd, env, timeoutMs = 300_000, logFile } = {}) {
  return new Promise((resolve, reject) => {
    const child = start(command, args, { cwd, env, logFile, name: `${command} ${args.join(' ')}` });
    const timer = setTimeout(() => {
      signalGroup(child, 'SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} took longer than ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})${logFile ? `; see ${logFile}` : ''}`));
    });
  });
}
