/**
 * The plain-text rule for what people type that goes into messages to other people's addresses and
 * phones (e-mail subjects and bodies, calendar files, WhatsApp parameters): a business's name,
 * address and phone, a service's and a professional's name, a client's name. A value that carries a
 * link or an e-mail address, or is too long, could turn our messages into phishing ('URGENTE: sua
 * conta foi bloqueada, acesse http://…'), so such a value is left out whole (the message then says
 * it generically); the only links a message carries are the ones its template builds (the
 * business's booking, reminder or offer link, under APP_URL). Pure.
 */
const TLDS = [
  "com", "net", "org", "br", "io", "co", "app", "info", "biz", "me", "xyz", "site", "online", "link", "ly", "gl", "gd", "to",
  "top", "shop", "store", "club", "live", "click", "icu", "vip", "win", "pro", "dev", "page", "cc", "tv", "ws", "pw", "tk",
  "ml", "ga", "cf", "gq", "ru", "cn", "us", "uk", "pt", "es", "de", "fr", "it", "mobi", "website", "space", "fun", "tech",
  "cloud", "host", "digital", "email", "one", "ai", "gov", "edu", "sh", "su", "li", "la",
].join("|");
const LINK_LIKE = new RegExp(
  [
    "https?:", "www\\.", ":\\/\\/", "@",
    // A host name: a dotted word ending in a known top-level domain (golpe.com.br, bit.ly/x).
    `\\b[a-z0-9-]+(\\.[a-z0-9-]+)*\\.(${TLDS})\\b`,
    // An IPv4 address (1.2.3.4/login).
    "\\b\\d{1,3}(\\.\\d{1,3}){3}\\b",
  ].join("|"),
  "i",
);
// Control, zero-width, line/paragraph separators and bidirectional overrides: a space each.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** A name: a business's or a person's, as a subject or greeting shows it. */
export const PLAIN_NAME_MAX = 60;
/** A line of a message's details: a service's or a professional's name. */
export const PLAIN_LINE_MAX = 120;
/** A business's address. */
export const PLAIN_ADDRESS_MAX = 160;

/** Whitespace collapsed, invisible characters gone, trimmed. */
function collapse(value: string | null | undefined): string {
  return (value ?? "").replace(INVISIBLE, " ").replace(/\s+/g, " ").trim();
}

/** Whether the text carries something a mail or chat app could turn into a link (full-width letters too). */
export function linkLike(value: string): boolean {
  return LINK_LIKE.test(value) || LINK_LIKE.test(value.normalize("NFKC"));
}

/** The text collapsed when it is plain and at most `max` long, else null. */
export function plainText(value: string | null | undefined, max: number): string | null {
  const v = collapse(value);
  if (!v || v.length > max || linkLike(v)) return null;
  return v;
}

/** The name trimmed and with whitespace collapsed when it is plain, else null. */
export function plainName(value: string | null | undefined): string | null {
  return plainText(value, PLAIN_NAME_MAX);
}

/** A business's address when plain, else null ('Informado pelo estabelecimento'). */
export function plainAddress(value: string | null | undefined): string | null {
  return plainText(value, PLAIN_ADDRESS_MAX);
}

/**
 * A phone (or two) as people write one — digits and `+ ( ) - . /` and spaces, 8 to 30 digits, at most 40
 * characters — else null: nothing but a number reaches the message.
 */
export function plainPhone(value: string | null | undefined): string | null {
  const v = collapse(value);
  if (!v || v.length > 40 || !/^[\d\s()+.\-/]+$/.test(v)) return null;
  const digits = v.replace(/\D/g, "").length;
  return digits >= 8 && digits <= 30 ? v : null;
}

/** A service's name when plain, else the word 'Serviço'. */
export function plainService(value: string | null | undefined): string {
  return plainText(value, PLAIN_LINE_MAX) ?? "Serviço";
}

/** A professional's name when plain, else null (left out). */
export function plainProfessional(value: string | null | undefined): string | null {
  return plainText(value, PLAIN_LINE_MAX);
}

export type PlainBusiness = { name: string | null; address: string | null; phone: string | null };

/** The business's name, address and phone as messages may show them (each null when not plain). */
export function plainBusiness(b: { name: string | null; address?: string | null; phone?: string | null }): PlainBusiness {
  return { name: plainName(b.name), address: plainAddress(b.address), phone: plainPhone(b.phone) };
}
