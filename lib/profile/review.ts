/** Message key of an identity (confirm_nationality) or company-documents status (spec §4). */
export type ReviewStatusKey = 'notSent' | 'inApproval' | 'approved' | 'rejected' | 'unknown';

/** 0 not sent, 1 in approval, 2 approved, 3 rejected; the two statuses share these codes. */
export function reviewStatusKey(status: number): ReviewStatusKey {
  switch (status) {
    case 0:
      return 'notSent';
    case 1:
      return 'inApproval';
    case 2:
      return 'approved';
    case 3:
      return 'rejected';
    default:
      return 'unknown';
  }
}
