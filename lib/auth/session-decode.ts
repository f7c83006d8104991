import { decode, type JWT, type JWTDecodeParams } from "next-auth/jwt";

const MAX_ENTRIES = 1000;
/** Session cookies this process has decoded, by secret, salt and exact text: the payload, frozen. */
const decoded = new Map<string, Readonly<JWT>>();

/**
 * next-auth's decode, remembered per cookie text. Every request decodes its session cookie twice
 * (middleware and the page or action), and each decode derives the key again (HKDF) before it
 * decrypts: ~5 % of a request's CPU. The cookie is authenticated encryption, so the same text
 * always decodes to the same payload; only its expiry moves, and it is checked on every use.
 * Revocation is not decode's job: getAuthContext checks the session id and version with the database.
 */
export async function decodeSession(params: JWTDecodeParams): Promise<JWT | null> {
  const { token, secret, salt = "" } = params;
  if (!token) return null;
  const key = `${String(secret)}\u0000${salt}\u0000${token}`;
  const hit = decoded.get(key);
  if (hit) {
    if (typeof hit.exp === "number" && hit.exp * 1000 > Date.now()) return hit;
    decoded.delete(key);
  }
  const payload = await decode(params);
  if (payload && typeof payload.exp === "number") {
    if (decoded.size >= MAX_ENTRIES) decoded.delete(decoded.keys().next().value!);
    decoded.set(key, Object.freeze(payload));
  }
  return payload;
}
