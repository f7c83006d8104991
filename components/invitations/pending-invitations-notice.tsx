"use client";

import dynamic from "next/dynamic";
import type { PendingInvitation } from "@/lib/invitations/queries";

// The banner's code (buttons, toasts, the two actions) loads only on a page that has invitations to
// show; the shell of everyone else carries this wrapper alone.
const Banner = dynamic(() => import("./pending-invitations-list").then((m) => m.PendingInvitationsBanner));

export function PendingInvitationsNotice(props: { invitations: PendingInvitation[]; className?: string }) {
  return <Banner {...props} />;
}
