/**
 * The invitation link's path, /auth?invite={id}&key={secret}, and its shape: shared by the e-mail,
 * the return path after login (route-rules) and the screens that carry the link through a login or
 * Google's round trip. No server-only import: the browser builds these paths too.
 */
export function invitationPath(invitationId: string, secret?: string | null): string {
  const key = secret ? `&key=${encodeURIComponent(secret)}` : "";
  return `/auth?invite=${encodeURIComponent(invitationId)}${key}`;
}

/** An invitation path as invitationPath makes it (a uuid, and optionally a base64url secret), and nothing else. */
export const INVITATION_PATH_RE = /^\/auth\?invite=[0-9a-f-]{36}(&key=[A-Za-z0-9_-]{20,100})?$/i;
