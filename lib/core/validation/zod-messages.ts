import { z } from "zod";

/**
 * zod's fallback messages in plain Brazilian Portuguese, for every issue a schema gives no text of
 * its own (the spec's texts are always written on the schemas). The UI never sends a wrong type or
 * an oversized value; a forged request does, and it gets a Portuguese refusal too, never zod's
 * English ("Invalid input: expected string, received number").
 *
 * Every parse of outside input passes them itself (`schema.safeParse(raw, IN_PORTUGUESE)`: the
 * action and read pipelines, the public endpoints, the forms' resolver). A global z.config alone
 * was not enough (issue 50, item 8): this file was once only a side-effect import, which the
 * production bundles dropped (package.json's "sideEffects" does not list it: the built server and
 * browser chunks held none of these texts), and zod's own English locale answered instead. A
 * parse option does not hang on how a bundler treats a module; the z.config below still covers a
 * parse that forgets it, in every bundle that imports this module by name.
 */
type Issue = z.core.$ZodRawIssue;

const plural = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;

export function ptMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined ? "Campo obrigatório." : "Valor inválido.";
    case "too_big":
      if (issue.origin === "string") return `Use no máximo ${plural(issue.maximum as number, "caractere", "caracteres")}.`;
      if (issue.origin === "array" || issue.origin === "set") return `No máximo ${plural(issue.maximum as number, "item", "itens")}.`;
      return `O valor máximo é ${issue.maximum}.`;
    case "too_small":
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? "Campo obrigatório." : `Use pelo menos ${plural(issue.minimum as number, "caractere", "caracteres")}.`;
      if (issue.origin === "array" || issue.origin === "set") return `Escolha pelo menos ${plural(issue.minimum as number, "item", "itens")}.`;
      return `O valor mínimo é ${issue.minimum}.`;
    case "invalid_format":
      if (issue.format === "email") return "E-mail inválido";
      if (issue.format === "uuid" || issue.format === "guid") return "Identificador inválido.";
      if (issue.format === "date") return "Data inválida.";
      if (issue.format === "time") return "Horário inválido.";
      return "Formato inválido.";
    case "not_multiple_of":
      return "Número inválido.";
    case "unrecognized_keys":
      return "Campos não reconhecidos.";
    default:
      return "Valor inválido.";
  }
}

/** The parse option that makes zod's fallback messages Portuguese whatever its global locale. */
export const IN_PORTUGUESE = { error: ptMessage } as const;

z.config({ localeError: ptMessage });
