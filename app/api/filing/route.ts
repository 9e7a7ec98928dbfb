import { handleFilingQuery } from '@/lib/bff/handle';

export const dynamic = 'force-dynamic';

/** What became of this browser's filing call that outlasted API_TIMEOUT_MS (lib/bff/handle.ts, handleFilingQuery). */
export const POST = handleFilingQuery;
