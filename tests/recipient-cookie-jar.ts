/**
 * A stand-in for next/headers' cookies() in route-handler tests: one browser's cookie jar, shared by every call of
 * a test. Use it from a jest.mock factory (jest only lets the factory reach variables named mock*):
 *   import { mockCookieJar } from "../../recipient-cookie-jar";
 *   jest.mock("next/headers", () => ({ cookies: async () => mockCookieJar.store() }));
 */
type SetOptions = { maxAge?: number; httpOnly?: boolean; path?: string };

class CookieJar {
  readonly cookies = new Map<string, string>();
  /** Every set() the handler made, in order (the Set-Cookie headers it would have sent). */
  readonly writes: { name: string; value: string; options: SetOptions }[] = [];

  clear() {
    this.cookies.clear();
    this.writes.length = 0;
  }

  store() {
    return {
      getAll: () => [...this.cookies].map(([name, value]) => ({ name, value })),
      get: (name: string) => (this.cookies.has(name) ? { name, value: this.cookies.get(name)! } : undefined),
      set: (name: string, value: string, options: SetOptions = {}) => {
        this.writes.push({ name, value, options });
        // A Max-Age of 0 makes the browser drop the cookie.
        if (options.maxAge === 0) this.cookies.delete(name);
        else this.cookies.set(name, value);
      },
      delete: (name: string) => {
        this.writes.push({ name, value: "", options: { maxAge: 0 } });
        this.cookies.delete(name);
      },
    };
  }
}

export const mockCookieJar = new CookieJar();
