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
