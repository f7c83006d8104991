import "server-only";

/**
 * A page's read that may fail without taking the page down: the failure is logged and the page
 * shows the spec's load-error text instead (components/data/load-error.tsx).
 */
export async function loadOrNull<T>(what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (e) {
    console.error(`[leitura] ${what}`, e);
    return null;
  }
}
