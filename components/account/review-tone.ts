import type { PillTone } from '@/components/account/status-pill';
import type { NoticeTone } from '@/components/ui/notice';
import type { ReviewStatusKey } from '@/lib/profile/review';

/** How an identity or company-documents status reads: a notice tone and a label colour. */
export const reviewTones: Record<ReviewStatusKey, { notice: NoticeTone; pill: PillTone }> = {
  notSent: { notice: 'warning', pill: 'warning' },
  inApproval: { notice: 'info', pill: 'info' },
  approved: { notice: 'success', pill: 'success' },
  rejected: { notice: 'danger', pill: 'danger' },
  unknown: { notice: 'info', pill: 'neutral' },
};
