/**
 * The files of deploy/kubernetes copied or derived from the repo's one source of each, since
 * kustomize reads nothing outside its folder:
 *   base/generated/nginx.conf.template   deploy/nginx/nginx.conf.template, as it is
 *   base/generated/edge.mtail            deploy/mtail/edge.mtail, as it is
 *   components/prometheus-operator/prometheus-rule.yaml   deploy/prometheus/alerts.yml's groups as
 *                                        a PrometheusRule
 * `npx tsx deploy/kubernetes/generate.ts` writes them; deploy/kubernetes/kubernetes.test.ts fails
 * while one differs from what this makes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';

const here = __dirname;
const deploy = path.join(here, '..');

function prometheusRule(): string {
  const alerts = parse(readFileSync(path.join(deploy, 'prometheus', 'alerts.yml'), 'utf8')) as { groups: unknown[] };
  const rule = {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'online-basvuru', labels: { 'app.kubernetes.io/name': 'online-basvuru' } },
    spec: { groups: alerts.groups },
  };
  return `# Made by deploy/kubernetes/generate.ts from deploy/prometheus/alerts.yml: edit that, then run it.\n${stringify(rule, { lineWidth: 0 })}`;
}

/** Each generated file (relative to deploy/kubernetes) and what it must hold. */
export function generatedFiles(): Record<string, string> {
  return {
    'base/generated/nginx.conf.template': readFileSync(path.join(deploy, 'nginx', 'nginx.conf.template'), 'utf8'),
    'base/generated/edge.mtail': readFileSync(path.join(deploy, 'mtail', 'edge.mtail'), 'utf8'),
    'components/prometheus-operator/prometheus-rule.yaml': prometheusRule(),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(here, 'generate.ts')) {
  for (const [file, text] of Object.entries(generatedFiles())) {
    writeFileSync(path.join(here, file), text);
    console.log(`wrote deploy/kubernetes/${file}`);
  }
}
