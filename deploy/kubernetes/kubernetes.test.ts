/**
 * deploy/kubernetes as a platform team would take it: each overlay renders with kustomize, every
 * object is valid against the Kubernetes 1.36 OpenAPI schema (kubernetes-models 5.x, generated from
 * Kubernetes v1.36.0) and the Prometheus Operator's CRDs (@kubernetes-models/prometheus-operator),
 * the policies hold, and the generated copies are in step with their sources.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as monitoringV1 from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import * as appsV1 from 'kubernetes-models/apps/v1';
import * as autoscalingV2 from 'kubernetes-models/autoscaling/v2';
import * as networkingV1 from 'kubernetes-models/networking.k8s.io/v1';
import * as policyV1 from 'kubernetes-models/policy/v1';
import * as coreV1 from 'kubernetes-models/v1';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { FILING_WAIT_MS } from '@/lib/bff/filing';
import { generatedFiles } from './generate';
import { kustomize } from './kubectl';
import { disruptionBudgets, imageTags, type Manifest, nonRoot, podSpecs, probes, resources, secretShapes, secretValues, stopGrace } from './policies';

const here = __dirname;
const OVERLAYS = ['demo', 'production'] as const;

interface Model {
  apiVersion: string;
  kind: string;
  new (data: object): { validate(): void };
}
/** Every model with a kind, by `apiVersion/kind`. */
const models = new Map<string, Model>();
for (const group of [coreV1, appsV1, autoscalingV2, networkingV1, policyV1, monitoringV1]) {
  for (const value of Object.values(group) as unknown[]) {
    const model = value as Partial<Model>;
    if (typeof value === 'function' && model.apiVersion && model.kind) models.set(`${model.apiVersion}/${model.kind}`, value as Model);
  }
}

function parse(text: string): Manifest[] {
  return parseAllDocuments(text).map((document) => {
    if (document.errors.length > 0) throw document.errors[0];
    return document.toJS() as Manifest;
  }).filter(Boolean);
}

/** The schema's complaint about one object, or undefined. */
function schemaError(object: Manifest): string | undefined {
  const model = models.get(`${object.apiVersion}/${object.kind}`);
  if (!model) return `no schema for ${object.apiVersion} ${object.kind}`;
  try {
    new model(object).validate();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const rendered: Record<(typeof OVERLAYS)[number], Manifest[]> = { demo: [], production: [] };
const clone = <T>(value: T): T => structuredClone(value);
const deployment = (objects: Manifest[], name: string) => objects.find((object) => object.kind === 'Deployment' && object.metadata.name === name)!;
const templateOf = (object: Manifest) => (object.spec as { template: { spec: import('kubernetes-models/v1').IPodSpec } }).template.spec;
const LONGEST_REQUEST_SECONDS = FILING_WAIT_MS / 1000;

beforeAll(() => {
  for (const overlay of OVERLAYS) rendered[overlay] = parse(kustomize(path.join(here, 'overlays', overlay)));
}, 180_000);

describe.each(OVERLAYS)('the %s overlay', (overlay) => {
  it('renders the whole portal in its own namespace', () => {
    const objects = rendered[overlay];
    const names = objects.map((object) => `${object.kind}/${object.metadata.name}`);
    for (const expected of ['Deployment/app', 'Service/app', 'PodDisruptionBudget/app', 'HorizontalPodAutoscaler/app', 'Deployment/edge', 'Service/edge', 'StatefulSet/redis-state', 'Deployment/redis-cache', 'NetworkPolicy/default-deny']) {
      expect(names).toContain(expected);
    }
    const namespace = objects.find((object) => object.kind === 'Namespace')!.metadata.name;
    expect(objects.filter((object) => object.kind !== 'Namespace').every((object) => object.metadata.namespace === namespace)).toBe(true);
  });

  it('validates every object against the Kubernetes 1.36 schema and the Prometheus Operator CRDs', () => {
    const errors = rendered[overlay].map((object) => [`${object.kind}/${object.metadata.name}`, schemaError(object)]).filter(([, error]) => error);
    expect(errors).toEqual([]);
  });

  it('keeps the policies: tags, probes, resources, non-root, stop grace, no secret values, disruption budgets', () => {
    const objects = rendered[overlay];
    expect(imageTags(objects)).toEqual([]);
    expect(probes(objects)).toEqual([]);
    expect(resources(objects)).toEqual([]);
    expect(nonRoot(objects)).toEqual([]);
    expect(stopGrace(objects, LONGEST_REQUEST_SECONDS)).toEqual([]);
    expect(secretValues(objects)).toEqual([]);
    expect(disruptionBudgets(objects)).toEqual([]);
  });

  it('mounts the secrets as files and names them by *_FILE, never as values', () => {
    const objects = rendered[overlay];
    const config = objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('app-config'))!.data!;
    const app = templateOf(deployment(objects, 'app'));
    const mounts = app.containers[0]!.volumeMounts!;
    for (const name of ['SESSION_SECRET', 'REVALIDATE_SECRET', 'API_SERVICE_TOKEN', 'REDIS_URL', 'REDIS_CACHE_URL']) {
      expect(config[name]).toBeUndefined();
      const file = config[`${name}_FILE`]!;
      const mount = mounts.find((candidate) => file.startsWith(`${candidate.mountPath}/`))!;
      const volume = app.volumes!.find((candidate) => candidate.name === mount.name)!;
      expect(volume.secret?.items?.map((item) => item.path)).toContain(path.basename(file));
    }
  });
});

describe('the app Deployment', () => {
  it('rolls one pod at a time at full capacity, with startup, readiness and liveness on the health routes', () => {
    const app = deployment(rendered.production, 'app');
    const spec = app.spec as { replicas: number; progressDeadlineSeconds: number; strategy: { rollingUpdate: { maxSurge: number; maxUnavailable: number } } };
    expect(spec.replicas).toBe(3);
    expect(spec.strategy.rollingUpdate).toEqual({ maxSurge: 1, maxUnavailable: 0 });
    expect(spec.progressDeadlineSeconds).toBeGreaterThan(0);
    const container = templateOf(app).containers[0]!;
    expect(container.startupProbe?.httpGet?.path).toBe('/api/health/live');
    expect(container.readinessProbe?.httpGet?.path).toBe('/api/health/ready');
    expect(container.livenessProbe?.httpGet?.path).toBe('/api/health/live');
    // Writable only where it must be: DATA_DIR on a volume, the rest read-only.
    const config = rendered.production.find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('app-config'))!.data!;
    expect(container.volumeMounts!.map((mount) => mount.mountPath)).toContain(config.DATA_DIR);
    expect(templateOf(app).topologySpreadConstraints?.length).toBeGreaterThan(0);
  });
});

describe('each policy fails on a deliberate break', () => {
  const objects = () => clone(rendered.demo);
  const app = (copy: Manifest[]) => templateOf(deployment(copy, 'app'));

  it('a latest or missing tag', () => {
    const copy = objects();
    app(copy).containers[0]!.image = 'online-basvuru:latest';
    templateOf(deployment(copy, 'edge')).containers[0]!.image = 'online-basvuru-parts';
    expect(imageTags(copy)).toHaveLength(2);
  });

  it('a container without probes', () => {
    const copy = objects();
    delete app(copy).containers[0]!.readinessProbe;
    expect(probes(copy)).toEqual(['Deployment/app container app: no readinessProbe']);
  });

  it('a container without limits', () => {
    const copy = objects();
    delete app(copy).containers[0]!.resources!.limits;
    expect(resources(copy)).toEqual(['Deployment/app container app: no limits.cpu', 'Deployment/app container app: no limits.memory']);
  });

  it('a pod that may run as root', () => {
    const copy = objects();
    delete app(copy).securityContext!.runAsNonRoot;
    expect(nonRoot(copy)).toEqual(['Deployment/app container app: runAsNonRoot is not true']);
  });

  it('a grace shorter than the drain and the longest request', () => {
    const copy = objects();
    app(copy).terminationGracePeriodSeconds = 30;
    expect(stopGrace(copy, LONGEST_REQUEST_SECONDS)[0]).toMatch(/terminationGracePeriodSeconds 30 < drain 10 \+ longest request 120/);
  });

  it('a secret written in', () => {
    const copy = objects();
    app(copy).containers[0]!.env = [{ name: 'SESSION_SECRET', value: 'x'.repeat(32) }];
    copy.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'oops' }, data: { key: 'c2VjcmV0' } });
    const config = copy.find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('app-config'))!;
    config.data!.REDIS_URL = 'redis://:0123456789abcdef0123456789abcdef@redis-state:6379';
    expect(secretValues(copy)).toEqual([
      `ConfigMap/${config.metadata.name}: REDIS_URL is a secret's name`,
      'Secret/oops: a Secret with its values',
      'Deployment/app container app: SESSION_SECRET has a value',
      'the rendered objects: a long hex string (0123456789ab…)',
      'the rendered objects: a URL with a password (redis://:012…)',
    ]);
  });

  it('a Deployment no budget covers', () => {
    const copy = objects().filter((object) => !(object.kind === 'PodDisruptionBudget' && object.metadata.name === 'edge'));
    expect(disruptionBudgets(copy)).toEqual(['Deployment/edge: no PodDisruptionBudget selects its pods']);
  });

  it('an object the schema refuses', () => {
    const copy = objects();
    (deployment(copy, 'app').spec as { replicas: unknown }).replicas = 'three';
    expect(schemaError(deployment(copy, 'app'))).toMatch(/replicas must be integer/);
  });
});

describe('deploy/kubernetes', () => {
  it('holds no secret-shaped text in any file', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.(ya?ml|template|mtail)$/.test(name)) files.push(file);
      }
    };
    walk(here);
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((file) => secretShapes(readFileSync(file, 'utf8'), path.relative(here, file)))).toEqual([]);
  });

  it('keeps its generated files in step with their sources (npx tsx deploy/kubernetes/generate.ts)', () => {
    for (const [file, text] of Object.entries(generatedFiles())) {
      expect(readFileSync(path.join(here, file), 'utf8'), file).toBe(text);
    }
  });

  it('gives the edge the repo\'s nginx template and every app pod the edge\'s static files', () => {
    const objects = rendered.production;
    const edgeConfig = objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('edge-config'))!;
    expect(edgeConfig.data!['nginx.conf.template']).toBe(readFileSync(path.join(here, '..', 'nginx', 'nginx.conf.template'), 'utf8'));
    const claim = (name: string) => templateOf(deployment(objects, name)).volumes!.find((volume) => volume.persistentVolumeClaim?.claimName === 'static');
    expect(claim('app')).toBeDefined();
    expect(claim('edge')?.persistentVolumeClaim?.readOnly).toBe(true);
  });

  it('lets nothing move but what the policies name', () => {
    const policies = rendered.production.filter((object) => object.kind === 'NetworkPolicy');
    const deny = policies.find((policy) => policy.metadata.name === 'default-deny')!.spec as { podSelector: object; policyTypes: string[] };
    expect(deny).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    // Every pod of the overlay is under a policy that names it, beyond the default.
    for (const { owner, labels } of podSpecs(rendered.production)) {
      const named = policies.filter((policy) => {
        const selector = (policy.spec as { podSelector: { matchLabels?: Record<string, string>; matchExpressions?: { values: string[] }[] } }).podSelector;
        return selector.matchLabels?.['app.kubernetes.io/name'] === labels['app.kubernetes.io/name'] || selector.matchExpressions?.some((expression) => expression.values.includes(labels['app.kubernetes.io/name']!));
      });
      expect(named.length, owner).toBeGreaterThan(0);
    }
  });
});
