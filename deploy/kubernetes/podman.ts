/**
 * The rendered demo overlay as Debian's podman (4.3) plays it (`podman kube play`), for
 * e2e/kubernetes.spec.ts. Podman is one machine without a control plane, so what a cluster would
 * supply is done here, and only that:
 *   - each Deployment and StatefulSet becomes its pods (podman 4.3 plays Pods and Deployments, not
 *     StatefulSets, Services or policies), one pod named as its Service, or `app-0`…`app-2`: the
 *     network's DNS answers pod names, which stand for the Services' names (there is no kube-proxy),
 *     so the edge is given the app pods in APP_SERVERS;
 *   - every volume is a host folder under `root` (podman 4.3 mounts hostPath, emptyDir and claims,
 *     not secrets or config maps): secrets and config maps written as files with their keys, claims
 *     shared between the pods that name them, emptyDirs per pod;
 *   - the edge's port, and the first app pod's, published on 127.0.0.1;
 *   - a HOSTNAME the spec sets is set again in the command: podman puts the pod's name over it in
 *     the process's environment (a cluster's runtime keeps the spec's).
 * Everything else (images, commands, environment, users, read-only root filesystems, limits) is the
 * overlay's as rendered.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IContainer, IPodSpec, IVolume } from 'kubernetes-models/v1';
import { stringify } from 'yaml';
import type { Manifest } from './policies';

export interface PodmanOptions {
  /** A folder of the test's own: the volumes' host folders. */
  root: string;
  /** The image each rendered name stands for (`online-basvuru` → `localhost/online-basvuru:<release>`). */
  images: Record<string, string>;
  /** The Secrets a platform team would have made: name → key → value. */
  secrets: Record<string, Record<string, string>>;
  edgePort: number;
  appPort: number;
  /** Each image's command (its CMD), for the containers whose HOSTNAME must be set again. */
  imageCommands: Record<string, string[]>;
  /** The host name pages are rendered for (the edge's PUBLIC_HOST). */
  publicHost: string;
}

export interface PodmanPlay {
  /** YAML for `podman kube play`, in the order they start: the Redis servers and the sandbox, the app, the edge. */
  infra: string;
  app: string;
  edge: string;
  /** The app pods' names. */
  appPods: string[];
}

const imageName = (image: string) => image.replace(/(@sha256:[a-f0-9]+|:[^/:]+)$/, '');

function folder(...parts: string[]): string {
  const dir = path.join(...parts);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o1777);
  return dir;
}

/** The secret's or config map's keys as files, as the kubelet mounts them. */
function filesOf(dir: string, data: Record<string, string>, items?: { key: string; path: string }[]): string {
  folder(dir);
  for (const { key, path: file } of items ?? Object.keys(data).map((key) => ({ key, path: key }))) {
    if (data[key] === undefined) throw new Error(`no key ${key} for ${dir}`);
    writeFileSync(path.join(dir, file), data[key]!, { mode: 0o444 });
  }
  return dir;
}

export function forPodman(rendered: Manifest[], options: PodmanOptions): PodmanPlay {
  const objects = structuredClone(rendered);
  const configMaps = new Map(objects.filter((object) => object.kind === 'ConfigMap').map((object) => [object.metadata.name, object]));
  const pods: { group: 'infra' | 'app' | 'edge'; pod: Manifest }[] = [];
  const appPods: string[] = [];

  const hostVolume = (pod: string, volume: IVolume, claimPrefix: string): IVolume => {
    if (volume.secret) {
      const data = options.secrets[volume.secret.secretName!];
      if (!data) throw new Error(`no secret ${volume.secret.secretName} given`);
      const dir = filesOf(path.join(options.root, 'pods', pod, 'secrets', volume.name), data, volume.secret.items);
      return { name: volume.name, hostPath: { path: dir, type: 'Directory' } };
    }
    if (volume.configMap) {
      const data = configMaps.get(volume.configMap.name!)?.data;
      if (!data) throw new Error(`no config map ${volume.configMap.name}`);
      const dir = filesOf(path.join(options.root, 'pods', pod, 'configmaps', volume.name), data, volume.configMap.items);
      return { name: volume.name, hostPath: { path: dir, type: 'Directory' } };
    }
    if (volume.persistentVolumeClaim) {
      return { name: volume.name, hostPath: { path: folder(options.root, 'claims', `${claimPrefix}${volume.persistentVolumeClaim.claimName}`), type: 'Directory' } };
    }
    if (volume.emptyDir) return { name: volume.name, hostPath: { path: folder(options.root, 'pods', pod, 'empty', volume.name), type: 'Directory' } };
    throw new Error(`${pod}: volume ${volume.name} of a kind this translation does not know`);
  };

  const addPod = (group: 'infra' | 'app' | 'edge', name: string, labels: Record<string, string>, spec: IPodSpec, claims: Record<string, string> = {}) => {
    const copy = structuredClone(spec);
    const volumes = (copy.volumes ?? []).map((volume) => hostVolume(name, claims[volume.name] ? { name: volume.name, persistentVolumeClaim: { claimName: claims[volume.name]! } } : volume, ''));
    for (const container of [...(copy.initContainers ?? []), ...copy.containers] as IContainer[]) {
      container.image = options.images[imageName(container.image!)] ?? container.image;
      const hostname = container.env?.find((variable) => variable.name === 'HOSTNAME')?.value;
      if (hostname !== undefined && !container.command) {
        const command = options.imageCommands[container.image!];
        if (!command) throw new Error(`no command known for ${container.image}`);
        container.command = ['/usr/bin/env', `HOSTNAME=${hostname}`, ...command];
      }
      // A file of a folder volume (subPath): mounted as that file.
      for (const mount of container.volumeMounts ?? []) {
        if (!mount.subPath) continue;
        const source = volumes.find((volume) => volume.name === mount.name)!;
        const fileVolume = `${mount.name}-${volumes.length}`;
        volumes.push({ name: fileVolume, hostPath: { path: path.join(source.hostPath!.path, mount.subPath), type: 'File' } });
        mount.name = fileVolume;
        delete mount.subPath;
      }
    }
    copy.volumes = volumes;
    copy.hostname = name;
    pods.push({ group, pod: { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels }, spec: copy as unknown as Record<string, unknown> } });
  };

  for (const object of objects) {
    if (object.kind !== 'Deployment' && object.kind !== 'StatefulSet') continue;
    const spec = object.spec as { replicas?: number; template: { metadata?: { labels?: Record<string, string> }; spec: IPodSpec }; volumeClaimTemplates?: { metadata: { name: string } }[] };
    const labels = spec.template.metadata?.labels ?? {};
    const name = object.metadata.name;
    if (name === 'app') {
      for (let index = 0; index < (spec.replicas ?? 1); index++) {
        appPods.push(`app-${index}`);
        addPod('app', `app-${index}`, labels, spec.template.spec);
      }
      continue;
    }
    // A StatefulSet's claim of its pod 0, as the controller names it.
    const claims = Object.fromEntries((spec.volumeClaimTemplates ?? []).map((template) => [template.metadata.name, `${template.metadata.name}-${name}-0`]));
    if (object.kind === 'StatefulSet') {
      spec.template.spec.volumes = [...(spec.template.spec.volumes ?? []), ...Object.keys(claims).map((volume) => ({ name: volume, persistentVolumeClaim: { claimName: claims[volume]! } }))];
    }
    addPod(name === 'edge' ? 'edge' : 'infra', name, labels, spec.template.spec);
  }

  for (const { pod } of pods) {
    const spec = pod.spec as unknown as IPodSpec;
    for (const container of spec.containers) {
      if (pod.metadata.name === 'edge' && container.name === 'nginx') {
        container.env = container.env!.map((variable) => {
          if (variable.name === 'APP_SERVERS') return { name: variable.name, value: appPods.map((app) => `server ${app}:3000;`).join(' ') };
          if (variable.name === 'PUBLIC_HOST') return { name: variable.name, value: options.publicHost };
          return variable;
        });
        container.ports = container.ports!.map((port) => (port.name === 'http' ? { ...port, hostPort: options.edgePort, hostIP: '127.0.0.1' } : port));
      }
      if (pod.metadata.name === appPods[0] && container.name === 'app') {
        container.ports = container.ports!.map((port) => (port.name === 'http' ? { ...port, hostPort: options.appPort, hostIP: '127.0.0.1' } : port));
      }
    }
  }

  // Podman 4.3 publishes every containerPort on the host: only the two above are kept, and the
  // probes name their ports by number.
  for (const { pod } of pods) {
    for (const container of (pod.spec as unknown as IPodSpec).containers) {
      const numbers = new Map((container.ports ?? []).map((port) => [port.name, port.containerPort]));
      for (const probe of [container.startupProbe, container.readinessProbe, container.livenessProbe]) {
        const action = probe?.httpGet ?? probe?.tcpSocket;
        if (action && typeof action.port === 'string') action.port = numbers.get(action.port) ?? action.port;
      }
      container.ports = (container.ports ?? []).filter((port) => port.hostPort);
      if (container.ports.length === 0) delete container.ports;
    }
  }

  const referenced = new Set(pods.flatMap(({ pod }) => (pod.spec as unknown as IPodSpec).containers.flatMap((container) => (container.envFrom ?? []).map((source) => source.configMapRef?.name))));
  const yamlOf = (group: 'infra' | 'app' | 'edge') => {
    const docs: object[] = pods.filter((entry) => entry.group === group).map(({ pod }) => pod);
    if (group === 'app') docs.unshift(...[...configMaps.values()].filter((config) => referenced.has(config.metadata.name)).map(({ apiVersion, kind, metadata, data }) => ({ apiVersion, kind, metadata: { name: metadata.name }, data })));
    return docs.map((doc) => stringify(doc, { lineWidth: 0 })).join('---\n');
  };
  return { infra: yamlOf('infra'), app: yamlOf('app'), edge: yamlOf('edge'), appPods };
}
