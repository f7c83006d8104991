import { isPhoneLike } from "@/lib/core/format/phone";

/** What 'Cadastrar "{texto}"' carries into a new client's form. */
export type NewClientPreset = { name?: string; phone?: string };

/** The text a search found nobody for, as a new client: a phone typed any way as the phone, anything else as the name. */
export function newClientPreset(text: string): NewClientPreset {
  const t = text.trim().replace(/\s+/g, " ");
  return isPhoneLike(t) ? { phone: t } : { name: t };
}

/** The offer under 'Nenhum cliente encontrado.': 'Cadastrar "Maria"'. */
export function registerText(text: string): string {
  return `Cadastrar "${text.trim().replace(/\s+/g, " ")}"`;
}
