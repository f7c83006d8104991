/** Data the catalog specs (services, professionals) arrange directly in the e2e database. */
import { randomUUID } from "node:crypto";
import zlib from "node:zlib";
import { hash } from "@node-rs/argon2";
import { expect, type Page } from "@playwright/test";
import { PASSWORD, sql } from "./support";

export const tag = () => randomUUID().slice(0, 6);

export async function studioId(): Promise<string> {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  return b.id;
}

/** A new owner (password agenda123) of a new, empty business: for the empty states. */
export async function emptySalon(): Promise<{ email: string; businessId: string }> {
  const t = tag();
  const email = `vazio-${t}@exemplo.com.br`;
  const passwordHash = await hash(PASSWORD, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const [user] = await sql()<{ id: string }[]>`
    insert into users (email, password_hash, email_verified_at, full_name) values (${email}, ${passwordHash}, now(), ${`Dona ${t}`}) returning id`;
  const [business] = await sql()<{ id: string }[]>`insert into businesses (name) values (${`Salão Vazio ${t}`}) returning id`;
  await sql()`insert into user_business_roles (user_id, business_id, role) values (${user.id}, ${business.id}, 'owner')`;
  return { email, businessId: business.id };
}

export async function toast(page: Page, title: string, description?: string) {
  const t = page.locator("[data-sonner-toast]").filter({ hasText: title }).first();
  await expect(t).toBeVisible();
  if (description) await expect(t).toContainText(description);
}

/** A real `size`×`size` PNG (a diagonal gradient), small enough for any test. */
export function pngImage(size = 96, [r, g, b] = [219, 39, 119]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const at = y * (1 + size * 3);
    for (let x = 0; x < size; x++) {
      const k = (x + y) / (2 * size);
      rows[at + 1 + x * 3] = Math.round(r * (1 - k) + 255 * k);
      rows[at + 2 + x * 3] = Math.round(g * (1 - k) + 200 * k);
      rows[at + 3 + x * 3] = Math.round(b * (1 - k) + 80 * k);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
