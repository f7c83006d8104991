/**
 * The public address of a business's booking page, /agendar/{slug}. Pure: the owner's form, the
 * server's check and the tests share it. The database folds the same way for the default slug of a
 * new business (agenda_slug() in migration 0011) and keeps slugs unique.
 */

export const SLUG_MIN = 3;
export const SLUG_MAX = 50;

/**
 * Words that are never a business's slug: /agendar/reserva is the private booking link, and the
 * others would pass for the product's own pages. Same list as online_booking_ensure() (migration 0011).
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "reserva", "admin", "api", "agendar", "agenda", "agendamento", "agendamentos", "auth", "login", "entrar",
  "cadastro", "conta", "suporte", "ajuda", "app", "www", "novo", "nova", "static", "public", "sistema",
]);

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A name folded to a slug: accents dropped, lowercase, anything else a single hyphen. 'Salão da Ana' → 'salao-da-ana'. */
export function foldSlug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}

export type SlugProblem = "empty" | "short" | "long" | "format" | "reserved";

export const SLUG_PROBLEM_TEXT: Record<SlugProblem, string> = {
  empty: "Informe o endereço da página.",
  short: `O endereço precisa ter pelo menos ${SLUG_MIN} caracteres.`,
  long: `O endereço pode ter no máximo ${SLUG_MAX} caracteres.`,
  format: "Use apenas letras minúsculas sem acento, números e hífens entre as palavras (ex.: studio-bela-vista).",
  reserved: "Este endereço é reservado. Escolha outro.",
};

/** Why `slug` can't be a business's address, or null when it can (uniqueness is the database's). */
export function slugProblem(slug: string): SlugProblem | null {
  if (!slug) return "empty";
  if (slug.length < SLUG_MIN) return "short";
  if (slug.length > SLUG_MAX) return "long";
  if (!SLUG_PATTERN.test(slug)) return "format";
  if (RESERVED_SLUGS.has(slug)) return "reserved";
  return null;
}

/** Whether a path segment could be a slug at all (the public page answers 404 before any query otherwise). */
export function isSlugShaped(segment: string): boolean {
  return segment.length >= SLUG_MIN && segment.length <= SLUG_MAX && SLUG_PATTERN.test(segment);
}
