/** The cookie that tells the browser which claimed an offer (its id; path /agendar/lista-de-espera). */
export const CLAIMED_COOKIE = "waitlist-claimed";
