import "server-only";
import { fail, type ActionFailure } from "@/lib/core/actions/result";
import { requestAddress } from "@/lib/core/net/request-address";
import { backoffTake, hit, refund, strictest, subjectKey, type Backoff } from "@/lib/core/rate-limit";
import { tooManyAttempts } from "@/lib/core/rate-limit/messages";
import { CONFIRMATION, TOKEN_LINKS } from "@/lib/core/rate-limit/policies";

/**
 * Counts one attempt of `email` from `address` against the pair and the address (sign-up,
 * forgot-password) before anything is looked up: the wait as a refusal text, or null. Counted
 * whether or not the account exists, so the limit itself tells nothing.
 */
export async function attemptWait(limits: { pair: Backoff; address: Backoff }, email: string, address: string): Promise<string | null> {
  const wait = await backoffTake([limits.pair, subjectKey(email.trim().toLowerCase(), address)], [limits.address, subjectKey(address)]);
  return wait.ok ? null : tooManyAttempts(wait.retryAfterMs);
}

/** An action's precheck: one attempt of `email` from this request's address, refused with `error` while it must wait. */
export async function attemptPrecheck(limits: { pair: Backoff; address: Backoff }, email: string, error: string): Promise<ActionFailure | undefined> {
  const wait = await attemptWait(limits, email, await requestAddress());
  return wait ? fail(error, wait) : undefined;
}

/** 'Reenviar e-mail': one a minute and CONFIRMATION.day a day per account (no mailbox flooding). */
export async function confirmationWait(userId: string): Promise<string | null> {
  const minute = await hit(CONFIRMATION.minute, userId);
  const day = minute.ok ? await hit(CONFIRMATION.day, userId) : minute;
  const wait = strictest(minute, day);
  if (wait.ok) return null;
  if (minute.ok) await refund(CONFIRMATION.minute, userId);
  return tooManyAttempts(wait.retryAfterMs);
}

/** An action's precheck for an e-mailed link's secret (reset, invitation sign-up): TOKEN_LINKS per address. */
export async function tokenLinkPrecheck(error: string): Promise<ActionFailure | undefined> {
  const verdict = await hit(TOKEN_LINKS.address, subjectKey(await requestAddress()));
  return verdict.ok ? undefined : fail(error, tooManyAttempts(verdict.retryAfterMs));
}
