import type { ApiCallName } from '@/lib/api/calls';
import type { Flow } from '@/lib/application/draft';
import type { StepName } from '@/lib/application/flow/state';
import { flowTables } from '@/lib/application/flow/tables';

export interface FunnelStep {
  flow: Flow;
  step: StepName;
  /** The flow's first step: a visitor starting an application. */
  first: boolean;
  /** A logged-in customer's own call (the one that files for them). */
  customerCall: boolean;
}

/** Every step call of the application flows, read from their tables (lib/application/flow/tables.ts): no second list. */
const stepsByCall = new Map<ApiCallName, FunnelStep>();
for (const [flow, table] of Object.entries(flowTables) as [Flow, (typeof flowTables)[Flow]][]) {
  table.steps.forEach((step, index) => {
    if (step.visitor) stepsByCall.set(step.visitor.call, { flow, step: step.name, first: index === 0, customerCall: false });
    if (step.customer) stepsByCall.set(step.customer.call, { flow, step: step.name, first: index === 0, customerCall: true });
  });
}

/** Every step of both flows once (a visitor's and a customer's call of one step are one step). */
export const funnelSteps = (): { flow: Flow; step: StepName }[] =>
  (Object.entries(flowTables) as [Flow, (typeof flowTables)[Flow]][]).flatMap(([flow, table]) => table.steps.filter((step) => step.visitor || step.customer).map((step) => ({ flow, step: step.name })));

/** The funnel step a call answers, or undefined for any other call. */
export const funnelStepOf = (call: ApiCallName): FunnelStep | undefined => stepsByCall.get(call);
