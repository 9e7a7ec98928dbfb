import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Chromium aborts every request it has in flight (ERR_NETWORK_CHANGED) when an address comes or
 * goes on any interface of its network namespace, loopback requests included. The container specs
 * (Docker Swarm, podman) make interfaces all through the run, and the kernel gives each new one an
 * IPv6 link-local address: a page beside them lost a script chunk and never hydrated (the wizard
 * stuck at "Başvuru yükleniyor…", a popup that never opened). For the run, interfaces made from now
 * on get no IPv6 (the machine's own keep theirs, and nothing of the suite speaks IPv6 between
 * containers); the setting is put back when the run ends. Measured with 10 veth pairs made beside a
 * page fetching from 127.0.0.1: 45 of 397 requests aborted with it on, 0 of 355 with it off.
 */
export const NEW_INTERFACES_IPV6 = '/proc/sys/net/ipv6/conf/default/disable_ipv6';

/**
 * Turns IPv6 off for interfaces made from now on, where it is on and may be changed (root);
 * answers what puts it back, or undefined where nothing was changed (already off, no IPv6, not root).
 */
export function quietNewInterfaces(file = NEW_INTERFACES_IPV6): (() => void) | undefined {
  let before: string;
  try {
    before = readFileSync(file, 'utf8').trim();
    if (before !== '0') return undefined;
    writeFileSync(file, '1');
  } catch {
    return undefined;
  }
  return () => writeFileSync(file, before);
}

/** Playwright's global set-up (it passes the config, hence no file here): for the whole run, put back at its end. */
export default function globalSetup(): (() => void) | undefined {
  return quietNewInterfaces();
}
