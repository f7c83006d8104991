/**
 * Attempts fired all at once must not slip past a limit that guards a secret: each one takes its
 * place in the count before the secret is looked at (issue 31, item 3). Before the fix, 40
 * parallel wrong passwords for one account from one address had 32 checked instead of 4.
 */
import { eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { users } from "@/db/schema";
import { forgotPasswordAction, resendConfirmationAction, resetPasswordAction, signUpAction } from "@/lib/auth/actions";
import { checkCredentials, INVALID_CREDENTIALS } from "@/lib/auth/credentials";
import { AUTH_MESSAGES } from "@/lib/auth/messages";
import { hashPassword } from "@/lib/auth/password";
import { markPeerHeaderTrusted, PEER_HEADER } from "@/lib/core/net/client-address";
import { FORGOT, LOGIN, SIGNUP, TOKEN_LINKS } from "@/lib/core/rate-limit/policies";
import { inviteMemberAction } from "@/lib/team/actions";
import { actAs } from "./act-as";
import { createBusiness, createUser, uniq } from "./fixtures";
import { request } from "./request-stub";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);
vi.mock("next/server", async () => ({ ...(await vi.importActual<object>("next/server")), after: (fn: () => unknown) => void fn() }));

markPeerHeaderTrusted();

const WAIT = /^Muitas tentativas\. Tente novamente em \d+ (segundos?|minutos?)\.$/;

/** `n` calls started together, as an attack script sends them. */
function atOnce<T>(n: number, call: (i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => call(i)));
}

/** How many answers were each kind: the secret was checked, or the caller was told to wait. */
function tally(errors: (string | undefined)[], checked: string | undefined) {
  return { checked: errors.filter((e) => e === checked).length, waited: errors.filter((e) => e !== undefined && WAIT.test(e)).length };
}

function address(): string {
  return `203.0.113.${Math.floor(Math.random() * 250)}-${uniq()}`;
}

describe("login: parallel wrong passwords", () => {
  test(`40 at once for one account from one address: at most LOGIN.pair.free (${LOGIN.pair.free}) are checked; the owner elsewhere still gets in`, async () => {
    const user = await createUser({ email: `alvo-${uniq()}@example.test`, passwordHash: await hashPassword("segredo123") });
    const attacker = address();
    const answers = await atOnce(40, () => checkCredentials(user.email, "errada", attacker));
    const { checked, waited } = tally(answers.map((a) => (a.ok ? undefined : a.error)), INVALID_CREDENTIALS);
    expect({ checked, waited }).toEqual({ checked: LOGIN.pair.free, waited: 40 - LOGIN.pair.free });
    expect((await checkCredentials(user.email, "segredo123", address())).ok).toBe(true);
  });

  test(`100 at once from one address, each at another account: at most LOGIN.address.free (${LOGIN.address.free}) are checked`, async () => {
    const attacker = address();
    const answers = await atOnce(100, (i) => checkCredentials(`ninguem-${i}-${uniq()}@example.test`, "errada", attacker));
    const { checked, waited } = tally(answers.map((a) => (a.ok ? undefined : a.error)), INVALID_CREDENTIALS);
    expect({ checked, waited }).toEqual({ checked: LOGIN.address.free, waited: 100 - LOGIN.address.free });
  });
});

/** The action's answers: undefined for a request that went through, else its description. */
function descriptions(answers: ({ ok: true } | { ok: false; description?: string })[]): (string | undefined)[] {
  return answers.map((a) => (a.ok ? undefined : a.description));
}

describe("forgot password: parallel requests", () => {
  test(`40 at once for one e-mail from one address: at most FORGOT.pair.free (${FORGOT.pair.free}) go through`, async () => {
    await actAs(null, { headers: { [PEER_HEADER]: address() } });
    const email = `ninguem-${uniq()}@example.test`;
    const answers = await atOnce(40, () => forgotPasswordAction({ email }));
    expect(answers.filter((a) => !a.ok).every((a) => !a.ok && a.error === AUTH_MESSAGES.forgotError)).toBe(true);
    expect(tally(descriptions(answers), undefined)).toEqual({ checked: FORGOT.pair.free, waited: 40 - FORGOT.pair.free });
  });

  test(`40 at once from one address, each for another e-mail: at most FORGOT.address.free (${FORGOT.address.free}) go through`, async () => {
    await actAs(null, { headers: { [PEER_HEADER]: address() } });
    const answers = await atOnce(40, (i) => forgotPasswordAction({ email: `ninguem-${i}-${uniq()}@example.test` }));
    expect(tally(descriptions(answers), undefined)).toEqual({ checked: FORGOT.address.free, waited: 40 - FORGOT.address.free });
  });
});

describe("sign-up: parallel requests", () => {
  const form = (email: string) => ({ fullName: "Muitos Pedidos", email, password: "abc12345", confirmPassword: "abc12345" });

  test(`40 at once for one e-mail from one address: at most SIGNUP.pair.free (${SIGNUP.pair.free}) go through, one account`, async () => {
    await actAs(null, { headers: { [PEER_HEADER]: address() } });
    const email = `novo-${uniq()}@example.test`;
    const answers = await atOnce(40, () => signUpAction(form(email)));
    expect(tally(descriptions(answers), undefined)).toEqual({ checked: SIGNUP.pair.free, waited: 40 - SIGNUP.pair.free });
    expect(await db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  test(`40 at once from one address, each for another e-mail: at most SIGNUP.address.free (${SIGNUP.address.free}) go through`, async () => {
    await actAs(null, { headers: { [PEER_HEADER]: address() } });
    const answers = await atOnce(40, (i) => signUpAction(form(`novo-${i}-${uniq()}@example.test`)));
    expect(tally(descriptions(answers), undefined)).toEqual({ checked: SIGNUP.address.free, waited: 40 - SIGNUP.address.free });
  });
});

// Window limits were already counted by the statement that decides (rate-limiter-flexible's
// upsert … returning): these held before the fix too, and guard it from coming back.
describe("window limits that guard a secret: parallel requests", () => {
  test(`'Redefinir senha': 40 guessed links at once from one address, TOKEN_LINKS.address.points (${TOKEN_LINKS.address.points}) are looked up`, async () => {
    await actAs(null, { headers: { [PEER_HEADER]: address() } });
    const answers = await atOnce(40, (i) => resetPasswordAction({ token: `adivinhado-${i}-${uniq()}`, password: "nova12345", confirmPassword: "nova12345" }));
    expect(tally(descriptions(answers), "Este link de redefinição de senha é inválido ou expirou.")).toEqual({
      checked: TOKEN_LINKS.address.points, waited: 40 - TOKEN_LINKS.address.points,
    });
  });

  test("'Reenviar e-mail': 10 at once send one e-mail", async () => {
    const user = await createUser({ email: `reenviar-${uniq()}@example.test` });
    await actAs(user.id);
    const answers = await atOnce(10, () => resendConfirmationAction({}));
    expect(tally(descriptions(answers), undefined)).toEqual({ checked: 1, waited: 9 });
  });
});

describe("no rate limit is awaited inside a transaction", () => {
  // A limit counts on a pool connection of its own: awaited inside a transaction, which holds
  // another, enough requests at once (the pool's 10) each wait for a connection none will free.
  const POOL = Number(process.env.DATABASE_POOL_SIZE ?? 10);

  /** Each read of the peer header is a new address, as `n` different visitors. */
  class ManyVisitors extends Headers {
    get(name: string): string | null {
      return name.toLowerCase() === PEER_HEADER ? address() : super.get(name);
    }
  }

  /** All the answers, or a failure naming the flow when they don't all come within 20 s. */
  async function allAnswer<T>(flow: string, calls: Promise<T>[]): Promise<T[]> {
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${flow}: ${calls.length} pedidos simultâneos não responderam em 20 s (pool preso)`)), 20_000);
    });
    try {
      return await Promise.race([Promise.all(calls), stuck]);
    } finally {
      clearTimeout(timer);
    }
  }

  test(`${POOL + 2} sign-ups of a registered address and ${POOL + 2} forgot-passwords at once, from as many addresses, all answer`, async () => {
    const user = await createUser({ email: `registrada-${uniq()}@example.test` });
    await actAs(null);
    request.headers = new ManyVisitors();
    const signUps = await allAnswer("cadastro", Array.from({ length: POOL + 2 }, () =>
      signUpAction({ fullName: "Quem Tenta", email: user.email, password: "senha1234", confirmPassword: "senha1234", companyName: "Salão" })));
    expect(signUps.every((a) => a.ok)).toBe(true);
    const forgot = await allAnswer("esqueci a senha", Array.from({ length: POOL + 2 }, () => forgotPasswordAction({ email: user.email })));
    expect(forgot.every((a) => a.ok)).toBe(true);
  });

  test(`${POOL + 2} invitations by one owner at once all answer`, async () => {
    const owner = await createUser({ emailVerifiedAt: new Date() });
    const business = await createBusiness(owner.id);
    await actAs(owner.id);
    const answers = await allAnswer("convites", Array.from({ length: POOL + 2 }, (_, i) => inviteMemberAction({ businessId: business.id, email: `paralelo-${i}-${uniq()}@example.test` })));
    expect(answers.filter((a) => a.ok)).toHaveLength(POOL + 2);
  });
});
