// The BFF's cost through the edge against its floor, alone and in a few minutes (`npm run bench --
// --only=bff`): the address list and the forwarded call through the BFF and through the floor (a
// bare route handler forwarding the same body to the same upstream, app/api/bench), and
// /api/health/live, through one topology, `rounds` times in turn, each figure the median of its runs. With
// `--against=<dist dir>` a second build runs beside the first in a topology of its own and the two
// are measured alternately, target by target (which goes first switches every round), so a change
// is measured before and after in the same minutes of a shared machine.
import { processTree } from './processes.mjs';
import { bffTargets } from './profile.mjs';
import { measure, medianOf } from './server-cost.mjs';
import { startEdgeTopology } from './servers.mjs';
import { median } from './stats.mjs';

const TARGETS = ['floor', 'bff', 'floorForwarded', 'bffForwarded', 'route'];

/**
 * `builds`: { name: dist dir }, one topology each. Answers, per build, each target's medians and
 * the BFF's ratios to its floor and to the route handler (the median of the ratios of each round).
 */
export async function measureBffCost({ builds, log, rounds = 3, seconds = 8, connections = 50 }) {
  const names = Object.keys(builds);
  const topologies = {};
  try {
    for (const name of names) topologies[name] = await startEdgeTopology(builds[name], { name: `bff-${name}` });
    const targets = {};
    for (const name of names) targets[name] = await bffTargets(topologies[name]);
    const runs = Object.fromEntries(names.map((name) => [name, Object.fromEntries(TARGETS.map((key) => [key, []]))]));
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? names : [...names].reverse();
      for (const key of TARGETS) {
        for (const name of order.filter((one) => targets[one][key])) {
          const topology = topologies[name];
          const cpu = { instances: async () => (await Promise.all(topology.instancePids().map(processTree))).flat() };
          const figures = await measure(targets[name][key], { duration: seconds, connections, warmupSeconds: 2, cpu });
          runs[name][key].push(figures);
          log(`  ${name} ${key} (round ${round + 1}): ${figures.requestsPerSecond.toFixed(0)} req/s, p99 ${figures.latencyP99Ms} ms, ${figures.cpuMsPerAnswer.instances} ms CPU per answer, errors ${figures.errors}, non-2xx ${figures.non2xx}`);
        }
      }
    }
    const result = {};
    for (const name of names) {
      const ratioRuns = (key, baseline) => runs[name][key].map((run, round) => run.requestsPerSecond / runs[name][baseline][round].requestsPerSecond);
      result[name] = {
        dist: builds[name],
        ...Object.fromEntries(TARGETS.filter((key) => runs[name][key].length).map((key) => [key, medianOf(runs[name][key])])),
        ...(runs[name].floor.length ? { bffToFloor: median(ratioRuns('bff', 'floor')), bffForwardedToFloor: median(ratioRuns('bffForwarded', 'floorForwarded')) } : {}),
        bffToRoute: median(ratioRuns('bff', 'route')),
        bffForwardedToRoute: median(ratioRuns('bffForwarded', 'route')),
      };
      log(`  ${name}: against the floor, address list ${result[name].bffToFloor?.toFixed(2) ?? '–'} ×, forwarded ${result[name].bffForwardedToFloor?.toFixed(2) ?? '–'} ×; against the bare handler ${result[name].bffToRoute.toFixed(2)} × and ${result[name].bffForwardedToRoute.toFixed(2)} × (medians of ${rounds} rounds)`);
    }
    return { rounds, seconds, connections, builds: result };
  } finally {
    await Promise.all(Object.values(topologies).map((topology) => topology.stop()));
  }
}
