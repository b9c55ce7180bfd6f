import { z } from 'zod';

/**
 * A popup as members get it while it is active (DESIGN.md section 5). `content` is HTML that was
 * sanitized when an admin saved it; `duration` is how many seconds it stays open.
 */
export const popupSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  content: z.string(),
  url: z.string().nullable(),
  duration: z.number().int(),
});
export type Popup = z.infer<typeof popupSchema>;
