import "server-only";
import { authorize } from "@/lib/auth/guards";

/** A report read refused to the current session (signed out, employee, not a member of the business). */
export class ReportAccessDenied extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "ReportAccessDenied";
  }
}

/**
 * The reports are the owner's (spec section 6). Pages are guarded already, but every report read
 * checks again, against the database, that the signed-in user is an owner (or administrator) of
 * the business it reads, so no other caller of the read (a route handler, a future action) can
 * forget it. Throws ReportAccessDenied; `getAuthContext` is cached per request, so the page pays
 * for one lookup however many reads it makes.
 */
export async function asOwner<T>(businessId: string, read: () => Promise<T>): Promise<T> {
  const verdict = await authorize("owner", businessId);
  if (!verdict.ok) throw new ReportAccessDenied(verdict.error);
  return read();
}
