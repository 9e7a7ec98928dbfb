import { customerPageResponse } from '@/lib/session/customer-view';

export const dynamic = 'force-dynamic';

/** A logged-in customer's view of a public page (lib/session/customer-view.ts). */
export async function GET(request: Request, { params }: RouteContext<'/api/customer-page/[[...path]]'>) {
  return customerPageResponse(request, (await params).path ?? []);
}

export const HEAD = GET;
