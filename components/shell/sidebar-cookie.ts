/** The cookie that keeps the sidebar open or closed for 7 days (read by the server layout). */
export const SIDEBAR_COOKIE_NAME = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 7 * 24 * 60 * 60;
