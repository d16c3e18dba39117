import { z } from 'zod';

// Zod's built-in messages are shown to customers only when a contract gives no message of its own:
// make even those Russian. Contracts import `z` from here so the locale is set wherever they load.
z.config(z.locales.ru());

export { z };
