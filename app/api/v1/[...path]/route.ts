import { handleApiRequest } from '@/lib/bff/handle';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ path: string[] }> };

const handle = async (request: Request, { params }: Context) => handleApiRequest(request, (await params).path);

export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT };
