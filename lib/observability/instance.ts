import 'server-only';
import os from 'node:os';
import { getConfig } from '@/lib/server/config';

/** This instance as its access lines and traces name it: the host and the port it serves on. */
export const instanceName = () => `${os.hostname()}:${getConfig().listen.port}`;
