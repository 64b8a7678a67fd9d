import { db } from "@/lib/platform/db";

let installed = false;
let counting: string[] | null = null;

/** The SQL statements `fn` sends through the Prisma client (its query events; the driver adapter emits them too). */
export async function recordQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  if (!installed) {
    db.$on("query", (e) => counting?.push(e.query));
    installed = true;
  }
  counting = [];
  try {
    const result = await fn();
    return { result, queries: counting };
  } finally {
    counting = null;
  }
}
