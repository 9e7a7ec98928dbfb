import type { ApiBody } from '@/lib/api/calls';
import { campaignCodeSchema, referenceCodeSchema } from '@/lib/validation/application';

/**
 * The campaign and reference code box's rules (spec §5), with no React. The box checks the code it
 * holds; a campaign code also goes with a TC kimlik no, which the step that shows the box owns (the
 * identity step's field, a customer's own number): that step checks it and says what is wrong where
 * the number is typed.
 */

export type CodeKind = 'campaign' | 'reference';

/** A code to apply: the wizard makes the call and keeps the form's next hash. */
export type CodeRequest =
  | { kind: 'campaign'; code: string; body: ApiBody<'applyCampaignCode'> }
  | { kind: 'reference'; code: string; body: ApiBody<'applyReferenceCode'> };

const firstIssue = (parsed: { success: true } | { success: false; error: { issues: readonly { message: string }[] } }) =>
  parsed.success ? null : (parsed.error.issues[0]?.message ?? 'invalid');

/** The code's own rule (not empty, at most 32 characters): the validation key the box tells, or null. */
export function codeProblem(kind: CodeKind, typed: string): string | null {
  const schema = kind === 'campaign' ? campaignCodeSchema.shape.campaign_code : referenceCodeSchema.shape.reference_code;
  return firstIssue(schema.safeParse(typed));
}

/**
 * A TC kimlik no checked as a campaign code takes it: 11 digits and the checksum, with the code's
 * own messages ('TC Kimlik Hatalı'), not the identity form's. The validation key, or null.
 */
export function campaignNationalityNumberProblem(value: string): string | null {
  return firstIssue(campaignCodeSchema.shape.nationality_number.safeParse(value));
}

/** The request for a code that passed `codeProblem` (a campaign code with a number that passed its check). */
export function codeRequest(formHash: string, kind: CodeKind, typed: string, nationalityNumber: string): CodeRequest {
  const code = typed.trim();
  return kind === 'campaign'
    ? { kind, code, body: campaignCodeSchema.parse({ form_security_hash: formHash, campaign_code: typed, nationality_number: nationalityNumber }) }
    : { kind, code, body: referenceCodeSchema.parse({ form_security_hash: formHash, reference_code: typed }) };
}
