import { z } from 'zod';

// zod 4 compiles object parsers with `new Function` when it may. The site's CSP forbids eval, and a
// browser reports even zod's caught probe as a CSP violation (Lighthouse lists it under Best
// Practices), so every schema is built in jitless mode: the schema modules import z from here.
z.config({ jitless: true });

export { z };
