import "server-only";
import { headers } from "next/headers";
import { clientAddressFrom } from "./client-address";

/** The client address of the current request (server actions, route handlers, pages). */
export async function requestAddress(): Promise<string> {
  return clientAddressFrom(await headers());
}
