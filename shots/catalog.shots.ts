import { test } from "@playwright/test";
import { emptySalon, pngImage } from "../e2e/catalog-fixtures";
import { EMPLOYEE, login, OWNER, sql } from "../e2e/support";
import { shootAll } from "./shoot";

/** Serviços and Profissionais with their dialogs (npm run shots -- shots/catalog.shots.ts). */

test("services", async ({ page }) => {
  await login(page, OWNER);
  await shootAll(page, "services", async (p) => {
    await p.goto("/services");
    await p.getByTestId("service-card").first().waitFor();
  });
  await shootAll(page, "services-new-invalid", async (p) => {
    await p.goto("/services");
    await p.getByRole("button", { name: "Novo Serviço" }).click();
    await p.getByRole("dialog").getByLabel("Duração (minutos)").fill("0");
    await p.getByRole("dialog").getByRole("button", { name: "Salvar" }).click();
  });
  await shootAll(page, "services-edit", async (p) => {
    await p.goto("/services?q=colora");
    await p.getByRole("button", { name: /^Editar Coloração/ }).click();
  });
  await shootAll(page, "services-delete", async (p) => {
    await p.goto("/services?q=escova");
    await p.getByRole("button", { name: /^Excluir Escova/ }).click();
  });
  // One used service set 'Inativo' (the demo's Barba is in many appointments), and the offer that does it.
  await sql()`update services set active = false where name = 'Hidratação'`;
  await shootAll(page, "services-inactive", async (p) => {
    await p.goto("/services");
    await p.getByText("Inativo", { exact: true }).first().waitFor();
  });
  await shootAll(page, "services-in-use", async (p) => {
    await p.goto("/services?q=barba");
    await p.getByRole("button", { name: /^Excluir Barba/ }).click();
    await p.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    await p.getByRole("alertdialog", { name: "Serviço em uso" }).waitFor();
  });
  await shootAll(page, "services-edit-inactive", async (p) => {
    await p.goto("/services?q=hidrata");
    await p.getByRole("button", { name: /^Editar Hidratação/ }).click();
  });
  await sql()`update services set active = true where name = 'Hidratação'`;
  await shootAll(page, "services-empty-search", async (p) => {
    await p.goto("/services?q=nada-disso");
  });
});

test("professionals", async ({ page }) => {
  // One photo, to see a real one beside the initials.
  const [pro] = await sql()<{ id: string; business_id: string }[]>`select id, business_id from professionals where name = 'Juliana Alves'`;
  const [avatar] = await sql()<{ id: string }[]>`
    insert into professional_avatars (professional_id, business_id, content_type, data)
    values (${pro.id}, ${pro.business_id}, 'image/png', ${pngImage(160)}) returning id`;
  await sql()`update professionals set avatar_url = ${`/api/avatars/${avatar.id}`} where id = ${pro.id}`;

  await login(page, OWNER);
  await shootAll(page, "professionals", async (p) => {
    await p.goto("/professionals");
    await p.getByRole("img", { name: "Foto de Juliana Alves" }).first().waitFor();
  });
  await shootAll(page, "professionals-edit", async (p) => {
    await p.goto("/professionals");
    await p.getByRole("button", { name: "Editar Juliana Alves" }).click();
    await p.getByRole("dialog").getByLabel("Preço de Escova").fill("R$ 62,5");
  });
  await shootAll(page, "professionals-new-invalid", async (p) => {
    await p.goto("/professionals");
    await p.getByRole("button", { name: "Novo Profissional" }).click();
    await p.getByRole("dialog").getByLabel("E-mail").fill("nome@");
    await p.getByRole("dialog").getByLabel("Foto do profissional").setInputFiles({ name: "x.png", mimeType: "image/png", buffer: Buffer.from("texto") });
    await p.getByRole("dialog").getByRole("button", { name: "Salvar" }).click();
  });
  await shootAll(page, "professionals-restrictions", async (p) => {
    await p.goto("/professionals");
    await p.getByRole("button", { name: "Restrições de Fernanda Costa" }).click();
    await p.getByRole("dialog").getByLabel("Fim Seg").waitFor();
  });
  await shootAll(page, "professionals-restrictions-invalid", async (p) => {
    await p.goto("/professionals");
    await p.getByRole("button", { name: "Restrições de Rafael Souza" }).click();
    const d = p.getByRole("dialog");
    await d.getByRole("button", { name: "Adicionar pausa Ter" }).click();
    await d.getByLabel("Início da pausa 2 Ter").fill("12:30");
    await d.getByLabel("Fim Qua").fill("07:00");
    await d.getByRole("button", { name: "Salvar" }).click();
  });
  await shootAll(page, "professionals-delete", async (p) => {
    await p.goto("/professionals");
    await p.getByRole("button", { name: "Excluir Fernanda Costa" }).click();
  });
});

test("empty and employee", async ({ page, browser }) => {
  const salon = await emptySalon();
  await login(page, salon.email);
  await shootAll(page, "professionals-empty", async (p) => {
    await p.goto("/professionals");
  });
  await shootAll(page, "services-empty", async (p) => {
    await p.goto("/services");
  });
  const ctx = await browser.newContext();
  const e = await ctx.newPage();
  await login(e, EMPLOYEE);
  await shootAll(e, "employee-professionals", async (p) => {
    await p.goto("/professionals");
  });
  await ctx.close();
});
