/**
 * The rules every rendered overlay must keep (deploy/kubernetes/kubernetes.test.ts). Each takes the
 * rendered objects and answers its violations, one line each; none is an empty list.
 */
import type { IContainer, IPodSpec, IPodTemplateSpec } from 'kubernetes-models/v1';

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  [field: string]: unknown;
}

const WORKLOADS = ['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob', 'ReplicaSet', 'Pod'];

/** Each workload's pod spec, with its name and its pod labels. */
export function podSpecs(objects: Manifest[]): { owner: string; labels: Record<string, string>; spec: IPodSpec }[] {
  const found: { owner: string; labels: Record<string, string>; spec: IPodSpec }[] = [];
  for (const object of objects) {
    if (!WORKLOADS.includes(object.kind)) continue;
    const owner = `${object.kind}/${object.metadata.name}`;
    if (object.kind === 'Pod') {
      found.push({ owner, labels: object.metadata.labels ?? {}, spec: object.spec as unknown as IPodSpec });
      continue;
    }
    const template = (object.kind === 'CronJob'
      ? (object.spec as { jobTemplate: { spec: { template: IPodTemplateSpec } } }).jobTemplate.spec.template
      : (object.spec as { template: IPodTemplateSpec }).template);
    found.push({ owner, labels: template.metadata?.labels ?? {}, spec: template.spec! });
  }
  return found;
}

function containers(objects: Manifest[]): { where: string; container: IContainer; pod: IPodSpec }[] {
  return podSpecs(objects).flatMap(({ owner, spec }) => [
    ...(spec.initContainers ?? []).map((container) => ({ where: `${owner} init container ${container.name}`, container, pod: spec })),
    ...spec.containers.map((container) => ({ where: `${owner} container ${container.name}`, container, pod: spec })),
  ]);
}

/** An image names its tag or digest, and the tag is not `latest`. */
export function imageTags(objects: Manifest[]): string[] {
  return containers(objects).flatMap(({ where, container }) => {
    const image = container.image ?? '';
    if (image.includes('@sha256:')) return [];
    const tag = /:([^/:]+)$/.exec(image)?.[1];
    if (!tag) return [`${where}: ${image || '(no image)'} names no tag`];
    if (tag === 'latest') return [`${where}: ${image} is tagged latest`];
    return [];
  });
}

/** Every long-running container has a readiness and a liveness probe. */
export function probes(objects: Manifest[]): string[] {
  return containers(objects).flatMap(({ where, container }) => [
    ...(container.readinessProbe ? [] : [`${where}: no readinessProbe`]),
    ...(container.livenessProbe ? [] : [`${where}: no livenessProbe`]),
  ]);
}

/** CPU and memory, requested and limited, on every container. */
export function resources(objects: Manifest[]): string[] {
  return containers(objects).flatMap(({ where, container }) =>
    (['requests', 'limits'] as const).flatMap((kind) =>
      (['cpu', 'memory'] as const).filter((name) => container.resources?.[kind]?.[name] === undefined).map((name) => `${where}: no ${kind}.${name}`),
    ),
  );
}

/** Nothing runs as root, gains privileges, keeps capabilities or writes its root filesystem. */
export function nonRoot(objects: Manifest[]): string[] {
  return containers(objects).flatMap(({ where, container, pod }) => {
    const problems: string[] = [];
    const runAsNonRoot = container.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot;
    if (runAsNonRoot !== true) problems.push(`${where}: runAsNonRoot is not true`);
    const user = container.securityContext?.runAsUser ?? pod.securityContext?.runAsUser;
    if (user === 0) problems.push(`${where}: runs as user 0`);
    if (container.securityContext?.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation is not false`);
    if (container.securityContext?.readOnlyRootFilesystem !== true) problems.push(`${where}: readOnlyRootFilesystem is not true`);
    if (!container.securityContext?.capabilities?.drop?.includes('ALL')) problems.push(`${where}: capabilities not dropped`);
    return problems;
  });
}

/**
 * The app's stop fits in its grace: Kubernetes waits terminationGracePeriodSeconds before SIGKILL,
 * which must cover the drain and the longest request; the app's own bound (SHUTDOWN_GRACE_SECONDS)
 * covers them too and ends first.
 */
export function stopGrace(objects: Manifest[], longestRequestSeconds: number): string[] {
  const app = objects.find((object) => object.kind === 'Deployment' && object.metadata.name === 'app');
  if (!app) return ['no Deployment/app'];
  const spec = (app.spec as { template: IPodTemplateSpec }).template.spec!;
  const container = spec.containers.find((candidate) => candidate.name === 'app');
  if (!container) return ['Deployment/app has no container app'];
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const config = objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name === source.configMapRef?.name);
    Object.assign(env, config?.data ?? {});
  }
  for (const variable of container.env ?? []) if (variable.value !== undefined) env[variable.name] = variable.value;
  const drain = Number(env.DRAIN_SECONDS ?? 5);
  const appGrace = Number(env.SHUTDOWN_GRACE_SECONDS ?? 130);
  const longest = Math.max(longestRequestSeconds, Number(env.UPLOAD_DEADLINE_SECONDS ?? 120));
  const grace = spec.terminationGracePeriodSeconds ?? 30;
  const problems: string[] = [];
  if (grace < drain + longest) problems.push(`terminationGracePeriodSeconds ${grace} < drain ${drain} + longest request ${longest}`);
  if (appGrace < drain + longest) problems.push(`SHUTDOWN_GRACE_SECONDS ${appGrace} < drain ${drain} + longest request ${longest}`);
  if (grace <= appGrace) problems.push(`terminationGracePeriodSeconds ${grace} does not outlast SHUTDOWN_GRACE_SECONDS ${appGrace}`);
  return problems;
}

// REDIS_URL and REDIS_CACHE_URL hold the Redis password.
const SECRET_NAME = /SECRET|TOKEN|PASSWORD|PASSWD|CREDENTIAL|PRIVATE_KEY|API_KEY|^REDIS(_CACHE)?_URL$/i;
// A long run of hex or base64 (a generated secret, a key), a URL with credentials, a PEM block.
const SECRET_SHAPES: [RegExp, string][] = [
  [/(?<![A-Za-z0-9])[A-Fa-f0-9]{32,}(?![A-Za-z0-9])/, 'a long hex string'],
  [/(?<![A-Za-z0-9+/])(?=[A-Za-z0-9+/]*[0-9])(?=[A-Za-z0-9+/]*[a-z])(?=[A-Za-z0-9+/]*[A-Z])[A-Za-z0-9+/]{40,}={0,2}/, 'a long base64 string'],
  [/[a-z][a-z0-9+.-]*:\/\/[^\s/:@]*:[^\s/@]+@/i, 'a URL with a password'],
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'a private key'],
];

/** No secret in a manifest: no Secret objects with data, no secret-named variable with a value, nothing secret-shaped. */
export function secretValues(objects: Manifest[]): string[] {
  const problems: string[] = [];
  for (const object of objects) {
    const name = `${object.kind}/${object.metadata.name}`;
    if (object.kind === 'Secret' && (object.data || object.stringData)) problems.push(`${name}: a Secret with its values`);
    if (object.kind === 'ConfigMap') {
      for (const key of Object.keys(object.data ?? {})) if (SECRET_NAME.test(key) && !key.endsWith('_FILE') && !key.endsWith('_HEADER')) problems.push(`${name}: ${key} is a secret's name`);
    }
  }
  for (const { where, container } of containers(objects)) {
    for (const variable of container.env ?? []) {
      if (variable.value !== undefined && SECRET_NAME.test(variable.name) && !variable.name.endsWith('_FILE') && !variable.name.endsWith('_HEADER')) problems.push(`${where}: ${variable.name} has a value`);
    }
  }
  problems.push(...secretShapes(objects.map((object) => JSON.stringify(object)).join('\n'), 'the rendered objects'));
  return problems;
}

/** Secret-shaped strings in a text. */
export function secretShapes(text: string, where: string): string[] {
  return SECRET_SHAPES.filter(([shape]) => shape.test(text)).map(([shape, what]) => `${where}: ${what} (${shape.exec(text)![0].slice(0, 12)}…)`);
}

function selects(selector: { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values?: string[] }[] }, labels: Record<string, string>): boolean {
  const matchLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const matchExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return key in labels && values.includes(labels[key]!);
    if (operator === 'NotIn') return !(key in labels) || !values.includes(labels[key]!);
    if (operator === 'Exists') return key in labels;
    return !(key in labels);
  });
  return matchLabels && matchExpressions && (Object.keys(selector.matchLabels ?? {}).length > 0 || (selector.matchExpressions ?? []).length > 0);
}

/** Every Deployment and StatefulSet has a PodDisruptionBudget that selects its pods. */
export function disruptionBudgets(objects: Manifest[]): string[] {
  const budgets = objects.filter((object) => object.kind === 'PodDisruptionBudget');
  return podSpecs(objects.filter((object) => object.kind === 'Deployment' || object.kind === 'StatefulSet'))
    .filter(({ labels }) => !budgets.some((budget) => selects((budget.spec as { selector: Parameters<typeof selects>[0] }).selector, labels)))
    .map(({ owner }) => `${owner}: no PodDisruptionBudget selects its pods`);
}
