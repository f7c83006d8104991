import type { Backoff, WindowLimit } from "./index";

/**
 * Every limit of the app's public endpoints, in one place (docs/security.md, Rate limits, says them in
 * words). Addresses come from lib/core/net/client-address.ts (trusted proxy hops only).
 */
const HOUR = 3600;
const DAY = 24 * HOUR;

export const LOGIN = {
  /** Wrong passwords for one account from one address: 4 free, then 30 s, 1 min, 2 min … 15 min. */
  pair: { name: "login.pair", free: 4, baseSec: 30, maxSec: 15 * 60, windowSec: HOUR } satisfies Backoff,
  /** Wrong passwords from one address, whatever the account. */
  address: { name: "login.addr", free: 30, baseSec: 30, maxSec: 15 * 60, windowSec: HOUR } satisfies Backoff,
};

export const FORGOT = {
  /** Requests for one e-mail from one address (known e-mail or not). */
  pair: { name: "forgot.pair", free: 3, baseSec: 60, maxSec: 15 * 60, windowSec: HOUR } satisfies Backoff,
  address: { name: "forgot.addr", free: 10, baseSec: 60, maxSec: 15 * 60, windowSec: HOUR } satisfies Backoff,
  /** Reset e-mails actually sent to one account; more requests get the same answer and no e-mail. */
  mails: { name: "forgot.mail", points: 5, windowSec: HOUR } satisfies WindowLimit,
};

export const SIGNUP = {
  pair: { name: "signup.pair", free: 3, baseSec: 60, maxSec: 15 * 60, windowSec: HOUR } satisfies Backoff,
  address: { name: "signup.addr", free: 20, baseSec: 60, maxSec: 15 * 60, windowSec: HOUR } satisfies Backoff,
  /** 'Someone tried to sign up with your e-mail' notices to one existing account. */
  notices: { name: "signup.notice", points: 3, windowSec: HOUR } satisfies WindowLimit,
};

export const TOKEN_LINKS = {
  /**
   * Attempts with an e-mailed link's secret from one address each hour: 'Redefinir senha' and the
   * employee sign-up of an invitation. The secrets are unguessable; this keeps anyone from trying.
   */
  address: { name: "token.addr", points: 30, windowSec: HOUR } satisfies WindowLimit,
};

export const CONFIRMATION = {
  /** 'Reenviar e-mail': once a minute and 5 a day per account. */
  minute: { name: "confirm.min", points: 1, windowSec: 60 } satisfies WindowLimit,
  day: { name: "confirm.day", points: 5, windowSec: DAY } satisfies WindowLimit,
};

export const INVITATIONS = {
  /** Invitation e-mails per business and per inviting owner, each day. */
  business: { name: "invite.biz", points: 20, windowSec: DAY } satisfies WindowLimit,
  owner: { name: "invite.owner", points: 50, windowSec: DAY } satisfies WindowLimit,
};

export const NOT_FOUND_LOG = {
  /** 404 reports per address each minute. */
  address: { name: "notfound.addr", points: 30, windowSec: 60 } satisfies WindowLimit,
};

export const CONVERSATIONS_API = {
  /** Requests one WhatsApp-bot API key may make each minute (a busy bot's burst fits, a runaway loop doesn't). */
  key: { name: "convapi.key", points: 120, windowSec: 60 } satisfies WindowLimit,
  /** Requests with a missing, wrong or revoked key from one address each minute. */
  badKey: { name: "convapi.badkey", points: 20, windowSec: 60 } satisfies WindowLimit,
};

export const ONLINE_BOOKING = {
  /** The public page's free-times lists from one address each minute (a client clicks through days). */
  slots: { name: "online.slots", points: 120, windowSec: 60 } satisfies WindowLimit,
  /** Booking attempts from one address each hour (a salon's own Wi-Fi may carry a few clients). */
  address: { name: "online.addr", points: 20, windowSec: HOUR } satisfies WindowLimit,
  /** Booking attempts for one phone in one business each hour. */
  phone: { name: "online.phone", points: 5, windowSec: HOUR } satisfies WindowLimit,
  /** Cancellations through private links from one address each hour. */
  cancel: { name: "online.cancel", points: 20, windowSec: HOUR } satisfies WindowLimit,
  /** Answers through reminder links ('Confirmar presença', 'Preciso cancelar') from one address each hour. */
  reminderLink: { name: "online.reminder", points: 20, windowSec: HOUR } satisfies WindowLimit,
  /** 'Entrar na lista de espera' from one address each hour, as booking attempts. */
  waitlistAddress: { name: "online.wait.addr", points: 20, windowSec: HOUR } satisfies WindowLimit,
  /** 'Entrar na lista de espera' for one phone in one business each hour. */
  waitlistPhone: { name: "online.wait.phone", points: 5, windowSec: HOUR } satisfies WindowLimit,
  /** 'Quero este horário' from one address each hour. */
  waitlistClaim: { name: "online.wait.claim", points: 20, windowSec: HOUR } satisfies WindowLimit,
};

export const CALENDAR_FEED = {
  /**
   * Reads of one professional's calendar feed each minute, from anywhere: calendar servers poll a
   * subscription every few minutes at most, and several of them share few addresses (so the feed,
   * not the address, is counted).
   */
  feed: { name: "ical.feed", points: 60, windowSec: 60 } satisfies WindowLimit,
  /** Unknown, revoked or malformed feed addresses asked for by one address each minute. */
  badToken: { name: "ical.badtoken", points: 20, windowSec: 60 } satisfies WindowLimit,
};

/** The PSPs' Pix webhooks (lib/pix/webhook.ts). */
export const PIX_WEBHOOK = {
  /** Deliveries for one business each minute: a PSP's retries and a busy day fit, a flood doesn't. */
  business: { name: "pix.webhook", points: 240, windowSec: 60 } satisfies WindowLimit,
  /** Badly signed deliveries from one address each minute. */
  badSignature: { name: "pix.badsig", points: 20, windowSec: 60 } satisfies WindowLimit,
};
