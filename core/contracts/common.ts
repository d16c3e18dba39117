import { z } from './z';

/** Every failure the API returns (DESIGN.md §3). */
export const ErrorBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
