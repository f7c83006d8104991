import { describe, expect, test } from "vitest";
import { zodFieldErrors } from "@/lib/core/actions/result";
import { businessRegistrationSchema, forgotPasswordSchema, loginSchema, resetPasswordSchema, signUpSchema } from "./schemas";

const errs = (r: { success: boolean; error?: unknown }) => (r.success ? {} : zodFieldErrors(r.error as never));

describe("auth form schemas (spec section 5)", () => {
  test("login", () => {
    expect(errs(loginSchema.safeParse({ email: "", password: "" }))).toEqual({ email: "Email é obrigatório", password: "Senha é obrigatória" });
    expect(errs(loginSchema.safeParse({ email: "a@b", password: "x" }))).toEqual({ email: "Email inválido" });
    expect(errs(loginSchema.safeParse({ email: " dono@exemplo.com.br ", password: "x" }))).toEqual({});
  });

  test("sign-up", () => {
    expect(errs(signUpSchema.safeParse({ fullName: "A", email: "x", password: "12345", confirmPassword: "12345" }))).toEqual({
      fullName: "Nome deve ter pelo menos 2 caracteres",
      email: "Email inválido",
      password: "Senha deve ter pelo menos 6 caracteres",
    });
    expect(errs(signUpSchema.safeParse({ fullName: "Ana", email: "a@b.co", password: "123456", confirmPassword: "123457" }))).toEqual({
      confirmPassword: "Senhas não coincidem",
    });
    const ok = signUpSchema.safeParse({ fullName: "Ana", email: "a@b.co", password: "123456", confirmPassword: "123456", companyName: "  " });
    expect(ok.success && ok.data.companyName).toBe("Novo Negócio");
  });

  test("forgot and reset", () => {
    expect(errs(forgotPasswordSchema.safeParse({ email: "" }))).toEqual({ email: "Email inválido" });
    expect(errs(resetPasswordSchema.safeParse({ token: "t", password: "123", confirmPassword: "123" }))).toEqual({
      password: "Senha deve ter pelo menos 6 caracteres",
    });
    expect(errs(resetPasswordSchema.safeParse({ token: "t", password: "123456", confirmPassword: "654321" }))).toEqual({
      confirmPassword: "Senhas não coincidem",
    });
  });

  test("business registration", () => {
    expect(errs(businessRegistrationSchema.safeParse({ companyName: " B " }))).toEqual({
      companyName: "Nome da empresa deve ter pelo menos 2 caracteres",
    });
    const ok = businessRegistrationSchema.safeParse({ companyName: "Barbearia" });
    expect(ok.success && ok.data).toEqual({ companyName: "Barbearia", phone: "", description: "" });
  });
});
