export * from "./auth";
export * from "./businesses";
export * from "./scheduling";
export * from "./reports";
export * from "./online-booking";
export * from "./realtime";
export * from "./notifications";
export * from "./calendar-feeds";
