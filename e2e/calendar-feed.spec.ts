import { addDays } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { studioId, tag } from "./booking-steps";
import { expect, test } from "./fixtures";
import { login, OWNER, sql } from "./support";

/**
 * 'Link da agenda (iCal)' on Profissionais: the link made in the dialog serves the professional's
 * appointments (first name and services, never the phone; a cancelled one as CANCELLED); 'Gerar
 * novo link' stops the old address at once, 'Revogar link' the new one. At 1280 and 390 px.
 */
for (const width of [1280, 390]) {
  test(`a professional's calendar link: made, read, replaced and revoked (${width} px)`, async ({ page }) => {
    const t = tag();
    const name = `Agenda Feed ${t}`;
    const businessId = await studioId();
    const [pro] = await sql()<{ id: string }[]>`insert into professionals (business_id, name) values (${businessId}, ${name}) returning id`;
    const [svc] = await sql()<{ id: string }[]>`select id from services where business_id = ${businessId} and name = 'Barba'`;
    const [client] = await sql()<{ id: string }[]>`insert into clients (business_id, name, phone) values (${businessId}, ${`Marina ${t} Souza`}, '(65) 99876-5432') returning id`;
    const ids: string[] = [];
    for (const [day, status] of [[3, 2], [4, 3]] as const) {
      const [a] = await sql()<{ id: string }[]>`
        insert into appointments (business_id, client_id, date, time, status_id) values (${businessId}, ${client.id}, ${addDays(todayInBusiness(), day)}, '10:00', ${status}) returning id`;
      await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id) values (${a.id}, ${svc.id}, ${pro.id}, ${businessId})`;
      ids.push(a.id);
    }

    await page.setViewportSize({ width, height: 900 });
    await login(page, OWNER);
    await page.goto("/professionals");
    await page.getByRole("button", { name: `Link da agenda (iCal) de ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Link da agenda (iCal) de ${name}` });
    await expect(dialog.getByText("Nenhum link gerado para este profissional.")).toBeVisible();
    await dialog.getByRole("button", { name: "Gerar link" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Link da agenda gerado" })).toBeVisible();
    await expect(dialog).toContainText("Copie o link agora");
    const first = (await dialog.getByTestId("calendar-feed-url").textContent())!.trim();
    expect(first).toMatch(/\/agenda\/ical\/[A-Za-z0-9_-]{40,}/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    const feed = await page.request.get(first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toContain("text/calendar");
    const body = await feed.text();
    expect(body).toContain("BEGIN:VCALENDAR");
    expect(body).toContain("SUMMARY:Marina — Barba");
    for (const id of ids) expect(body).toContain(id);
    expect(body).toContain("STATUS:CANCELLED");
    expect(body).not.toContain("99876");
    expect(body).not.toContain("Souza");

    await dialog.getByRole("button", { name: "Gerar novo link" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Gerar novo link" });
    await confirm.getByRole("button", { name: "Gerar novo link" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Novo link gerado" })).toBeVisible();
    await expect(dialog.getByTestId("calendar-feed-url")).not.toHaveText(first);
    const second = (await dialog.getByTestId("calendar-feed-url").textContent())!.trim();
    expect((await page.request.get(first)).status()).toBe(404);
    expect((await page.request.get(second)).status()).toBe(200);

    await dialog.getByRole("button", { name: "Revogar link" }).click();
    await page.getByRole("alertdialog", { name: "Revogar link" }).getByRole("button", { name: "Revogar link" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Link da agenda revogado" })).toBeVisible();
    await expect(dialog.getByText("Nenhum link gerado para este profissional.")).toBeVisible();
    expect((await page.request.get(second)).status()).toBe(404);
  });
}
