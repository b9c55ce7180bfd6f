import { z } from './zod';

/** When a record was made and when it last changed, as ISO 8601 strings. */
export const recordTimestamps = {
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** The member a row is about, as the admins' lists and the risk review name them: their id and e-mail. */
export const memberRefFields = {
  userId: z.string(),
  email: z.string(),
};
