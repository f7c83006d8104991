/** wa.me link with the Brazilian country code and a pre-filled greeting. */
export function whatsappLink(phone: string, name: string): string {
  const digits = phone.replace(/\D/g, "");
  // A local number can itself start with 55 (DDD 55, RS), so only ≥12 digits count as already prefixed.
  const full = digits.startsWith("55") && digits.length >= 12 ? digits : `55${digits}`;
  const who = name.trim().replace(/\s+/g, " ");
  const greeting = who ? `Olá ${who}` : "Olá";
  const text = `${greeting}, tudo bem? Este é um contato do nosso estabelecimento sobre seu agendamento.`;
  return `https://wa.me/${full}?text=${encodeURIComponent(text)}`;
}

/** First letter of up to two words, uppercased: "Maria da Silva" → "MD". */
export function initials(name: string | null | undefined): string {
  return (name ?? "")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => Array.from(w)[0].toLocaleUpperCase("pt-BR"))
    .join("");
}

export function displayName(user: { fullName?: string | null; email?: string | null }): string {
  return user.fullName?.trim() || user.email?.trim() || "Usuário";
}

/**
 * A Brazilian phone as people write it: (65) 99999-9999 for mobiles, (65) 3025-1000 for landlines,
 * with or without the 55 country code typed in; anything else is shown as it was typed.
 */
export function formatPhone(phone: string | null | undefined): string {
  const raw = (phone ?? "").trim();
  let digits = raw.replace(/\D/g, "");
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith("55")) digits = digits.slice(2);
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return raw;
}

/**
 * The phone's digits as compared when looking a client up by phone, without Brazil's 55 when it is
 * clearly a prefix (12+ digits, the rule of whatsappLink): '+55 (65) 99999-1234' → '65999991234'.
 */
export function localPhoneDigits(phone: string): string {
  const d = phone.replace(/\D/g, "");
  return d.length >= 12 && d.startsWith("55") ? d.slice(2) : d;
}

/** A phone typed any way ('(65) 99912', '65 9991-2'): at least 3 digits, and nothing but digits, spaces and ( ) + . - */
export function isPhoneLike(text: string): boolean {
  const t = text.trim();
  return t.replace(/\D/g, "").length >= 3 && /^[\d\s()+.\-]+$/.test(t);
}
