import { z } from "zod";

/** A reminder link's answer: the token alone says which appointment and what to do. */
export const respondSchema = z.object({ token: z.string().trim().min(20).max(100) });
