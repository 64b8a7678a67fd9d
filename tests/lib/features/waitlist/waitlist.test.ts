import { joinWaitlist } from "@/lib/features/waitlist";
import { waitlistSchema } from "@/lib/domain/validation/waitlist";
import { db } from "@/lib/platform/db";

describe("joinWaitlist", () => {
  it("adds a new address and reports a repeat in any case without overwriting it", async () => {
    expect(await joinWaitlist({ name: "Jo", email: "Jo@Example.com", profession: "Inventor" })).toEqual({ alreadyExists: false });
    expect(await joinWaitlist({ name: "Other", email: "jo@example.COM", profession: null })).toEqual({ alreadyExists: true });
    const rows = await db.waitlistEntry.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Jo", email: "jo@example.com", profession: "Inventor" });
  });

  it("is safe under concurrent submissions of the same address", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => joinWaitlist({ name: "Jo", email: "race@example.com", profession: null })));
    expect(results.filter((r) => !r.alreadyExists)).toHaveLength(1);
    expect(await db.waitlistEntry.count()).toBe(1);
  });
});

describe("waitlistSchema", () => {
  it("uses the spec's messages", () => {
    const r = waitlistSchema.safeParse({ name: "J", email: "nope" });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toContain("Name must be at least 2 characters.");
    expect(messages).toContain("Please enter a valid email address.");
  });

  it("treats an empty profession as none", () => {
    expect(waitlistSchema.parse({ name: "Jo", email: "jo@x.io", profession: "" }).profession).toBeNull();
  });
});
