import { errorResponse, replyText } from '@/lib/bff/responses';
import { readSessionCustomer } from '@/lib/bff/session-customer';
import { readAcceptedDocuments } from '@/lib/documents/accepted';
import { acceptedDocumentsPdf } from '@/lib/documents/pdf';

export const dynamic = 'force-dynamic';

/**
 * The texts a customer accepted for one of their subscriptions, as a PDF made now from what was kept
 * at filing (docs/decisions/0020-commitment-summary-and-documents.md). Only to the customer whose
 * subscription it is, by the upstream's own list of their subscriptions: any other id, a record
 * another customer filed, or one never kept, answers the same 404.
 */
export async function GET(request: Request, { params }: RouteContext<'/api/documents/[id]'>) {
  const read = await readSessionCustomer(request, { required: true });
  if ('response' in read) return read.response;
  const { id } = await params;
  const subscriptionId = /^\d{1,12}$/.test(id) ? Number(id) : Number.NaN;
  const owned = read.user.subscriptions.some((subscription) => subscription.subscription_id === subscriptionId);
  const record = owned ? await readAcceptedDocuments(subscriptionId) : null;
  if (!record || (record.customerId !== null && record.customerId !== read.user.user_id)) return errorResponse(404, replyText(read.locale, 'notFound'));
  const pdf = await acceptedDocumentsPdf(record);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="kabul-edilen-metinler-${subscriptionId}.pdf"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
