import * as z from './z-namespace';
import { russianErrorMap } from './zod-messages';

// Zod's built-in messages are shown to customers only when a contract gives no message of its own: make even
// those Russian (zod-messages.ts). Contracts import `z` from here, so the map is set wherever they load, and
// their strings refuse control characters (z-namespace.ts).
z.config({ localeError: russianErrorMap });

export { z };
