import { z } from "zod";
import { singleLine } from "@/lib/core/validation/single-line";
import { SIGNUP_MESSAGES } from "./messages";

/** Employee sign-up (spec section 5); the first message per field is shown under it. */
export const employeeSignupSchema = z
  .object({
    fullName: singleLine(z.string().trim().min(1, SIGNUP_MESSAGES.nameRequired).min(2, SIGNUP_MESSAGES.nameMin).max(200)),
    password: z
      .string()
      .min(1, SIGNUP_MESSAGES.passwordRequired)
      .min(8, SIGNUP_MESSAGES.passwordMin)
      .max(200)
      .refine((p) => /\p{L}/u.test(p) && /\d/.test(p), SIGNUP_MESSAGES.passwordMix),
    confirmPassword: z.string().min(1, SIGNUP_MESSAGES.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: SIGNUP_MESSAGES.mismatch });

export type EmployeeSignupInput = z.input<typeof employeeSignupSchema>;
export type EmployeeSignupData = z.output<typeof employeeSignupSchema>;

const invitationId = z.string().max(100);
/** The secret the invitation e-mail carried beside the id (`key` in the link); optional: the pending list has none. */
const key = z.string().max(100).optional();

/** The sign-up form's fields and the invitation (and its link's secret) it came through. */
export const employeeSignupActionSchema = z.intersection(employeeSignupSchema, z.object({ invitationId, key }));
export const acceptInvitationSchema = z.object({ invitationId, key });
export const declineInvitationSchema = z.object({ invitationId });

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
