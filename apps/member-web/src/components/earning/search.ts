import { z } from 'zod';

/**
 * One query-string value as text. The router reads query values as JSON, so `reward=1.50` arrives as
 * the number 1.5 and `success=true` as a boolean; both come back as text here. Anything else is absent.
 */
export const searchText = z.union([z.string(), z.number(), z.boolean()]).transform(String).optional().catch(undefined);
