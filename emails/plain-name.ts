/**
 * Names people type (a business, a person) go into e-mails sent to other people's addresses. A
 * name that carries a link or an address, or is too long, could turn our mail into phishing
 * ('URGENTE: sua conta foi bloqueada, acesse http://…'), so such a name is left out. Pure.
 */
const LINK_LIKE = /(https?:|www\.|:\/\/|@|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|net|org|br|io|co|app|info|biz|me|xyz|site|online|link|ly)\b)/i;
export const PLAIN_NAME_MAX = 60;

/** The name trimmed and with whitespace collapsed when it is plain, else null. */
export function plainName(value: string | null | undefined): string | null {
  const v = (value ?? "").replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g, " ").replace(/\s+/g, " ").trim();
  if (!v || v.length > PLAIN_NAME_MAX || LINK_LIKE.test(v)) return null;
  return v;
}
