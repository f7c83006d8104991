import { sendMail } from "@/emails/mailer";
import { ownerNoticeEmail } from "@/emails/owner-notice";
import { deliverMessage } from "@/lib/notifications/deliver";
import { appointmentNotice, businessNotification, ownerRecipients } from "./queries";

/**
 * The 'owner_notice' job: a client booked online, confirmed or cancelled; each owner gets one
 * e-mail (when the business's switch is on), through the business's rules like every message
 * (lib/notifications/deliver.ts).
 */
export async function runOwnerNotice(job: { notificationId: string }): Promise<number> {
  const notification = await businessNotification(job.notificationId);
  if (!notification?.appointmentId) return 0;
  const notice = await appointmentNotice(notification.appointmentId);
  if (!notice?.settings.ownerEmails) return 0;
  let sent = 0;
  const failures: unknown[] = [];
  for (const owner of await ownerRecipients(notification.businessId)) {
    try {
      const r = await deliverMessage(
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
