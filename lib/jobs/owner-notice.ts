import { sendMail } from "@/emails/mailer";
import { ownerNoticeEmail } from "@/emails/owner-notice";
import { deliverOnce } from "@/lib/core/jobs/deliver-once";
import { appointmentNotice, businessNotification, ownerRecipients } from "./queries";

/**
 * The 'owner_notice' job: a client booked online, confirmed or cancelled; each owner gets one
 * e-mail (when the business's switch is on), claimed in the ledger like every message.
 */
export async function runOwnerNotice(job: { notificationId: string }): Promise<number> {
  const notification = await businessNotification(job.notificationId);
  if (!notification) return 0;
  const notice = await appointmentNotice(notification.appointmentId);
  if (!notice?.settings.ownerEmails) return 0;
  let sent = 0;
  const failures: unknown[] = [];
  for (const owner of await ownerRecipients(notification.businessId)) {
    try {
      const r = await deliverOnce(
        { businessId: notification.businessId, kind: "owner_notice", subjectId: notification.id, dueAt: notification.createdAt, recipient: owner.email },
        () => sendMail(ownerNoticeEmail(notification.kind, notice, owner.email)),
      );
      if (r === "sent") sent++;
    } catch (e) {
      failures.push(e);
    }
  }
  if (failures.length) throw failures[0];
  return sent;
}
