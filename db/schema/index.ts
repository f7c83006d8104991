export * from "./auth";
export * from "./businesses";
export * from "./scheduling";
export * from "./reports";
