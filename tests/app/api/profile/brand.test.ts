import sharp from "sharp";
import { createUser } from "../../../factories";
import { db } from "@/lib/platform/db";
import { blobFiles } from "../../../db-utils";

// The handlers are called directly; only the session lookup (which needs Next's request scope) is replaced.
const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());

import { GET, PUT } from "@/app/api/profile/brand/route";
import { POST as uploadLogo, DELETE as removeLogo } from "@/app/api/profile/brand/logo/route";
import { GET as publicLogo } from "@/app/api/brand/logo/[key]/route";
import { routeSession } from "../../../route-harness";

const ORIGIN = "http://localhost:3000";
const noParams = { params: Promise.resolve({}) };
const get = () => GET(new Request(`${ORIGIN}/api/profile/brand`), noParams);
const put = (body: unknown) =>
  PUT(new Request(`${ORIGIN}/api/profile/brand`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }), noParams);
const upload = (bytes: Buffer, field = "file") => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), "logo.png");
  return uploadLogo(new Request(`${ORIGIN}/api/profile/brand/logo`, { method: "POST", body: form }), noParams);
};
const remove = () => removeLogo(new Request(`${ORIGIN}/api/profile/brand/logo`, { method: "DELETE" }), noParams);
const fetchLogo = (key: string) => publicLogo(new Request(`${ORIGIN}/api/brand/logo/${key}`), { params: Promise.resolve({ key }) });
const keyOf = (logoUrl: string) => logoUrl.replace("/api/brand/logo/", "");

const image = (format: "png" | "jpeg" | "webp", width = 40, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: "#1a73e8" } })[format]().toBuffer();

describe("the sender's brand: /api/profile/brand", () => {
  let userId: string;
  beforeEach(async () => {
    const user = await createUser({ name: "Ada Account" });
    userId = user.id;
    session.user = { id: user.id, name: user.name, email: user.email, profileImage: null };
  });

  it("needs a session", async () => {
    session.user = null;
    expect((await get()).status).toBe(401);
    expect((await put({ displayName: "X", accentColor: null })).status).toBe(401);
    expect((await upload(await image("png"))).status).toBe(401);
    expect((await remove()).status).toBe(401);
  });

  it("starts empty, saves a trimmed name and a lower-case colour, and clears them with null or a blank name", async () => {
    expect(await (await get()).json()).toEqual({ displayName: null, accentColor: null, logoUrl: null });
    const saved = await put({ displayName: "  Acme Labs ", accentColor: "#1A73E8" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ displayName: "Acme Labs", accentColor: "#1a73e8", logoUrl: null });
    expect(await db.user.findUniqueOrThrow({ where: { id: userId }, select: { brandName: true, brandAccent: true } })).toEqual({
      brandName: "Acme Labs",
      brandAccent: "#1a73e8",
    });
    expect(await (await put({ displayName: "   ", accentColor: null })).json()).toEqual({ displayName: null, accentColor: null, logoUrl: null });
  });

  it.each([
    ["a colour name", { displayName: null, accentColor: "blue" }, "Accent colour must be a colour like #1a73e8"],
    ["a short hex colour", { displayName: null, accentColor: "#fff" }, "Accent colour must be a colour like #1a73e8"],
    ["CSS injection", { displayName: null, accentColor: "#000000;background:url(x)" }, "Accent colour must be a colour like #1a73e8"],
    ["a name too long", { displayName: "x".repeat(81), accentColor: null }, "Display name must be at most 80 characters"],
    ["a name with a line break", { displayName: "Acme\nLabs", accentColor: null }, undefined],
    ["an unknown field", { displayName: null, accentColor: null, logo: "x" }, undefined],
  ])("refuses %s with a 400", async (_what, body, message) => {
    const res = await put(body);
    expect(res.status).toBe(400);
    if (message) expect((await res.json()).error).toBe(message);
    expect(await db.user.findUniqueOrThrow({ where: { id: userId }, select: { brandName: true, brandAccent: true } })).toEqual({ brandName: null, brandAccent: null });
  });

  it.each(["png", "jpeg", "webp"] as const)("takes a %s logo, re-encoded as a PNG at most 256 px high, served publicly with immutable caching", async (format) => {
    const res = await upload(await image(format, 1200, 600));
    expect(res.status).toBe(200);
    const { logoUrl } = await res.json();
    expect(logoUrl).toMatch(/^\/api\/brand\/logo\/[a-f0-9]{32}$/);
    session.user = null; // anyone holding the URL
    const served = await fetchLogo(keyOf(logoUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "png", height: 256, width: 512 });
  });

  it("keeps a small logo's size", async () => {
    const { logoUrl } = await (await upload(await image("png", 40, 20))).json();
    const meta = await sharp(Buffer.from(await (await fetchLogo(keyOf(logoUrl))).arrayBuffer())).metadata();
    expect(meta).toMatchObject({ width: 40, height: 20 });
  });

  it.each([
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["a GIF", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1")],
    ["a PDF named logo.png", Buffer.from("%PDF-1.7\n")],
    ["a PNG signature over garbage", Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)])],
  ])("refuses %s by its bytes with a 400", async (_what, bytes) => {
    const res = await upload(bytes);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("Logo must be a PNG, JPEG or WebP image");
    expect(blobFiles()).toEqual([]);
  });

  it("refuses a logo over 1 MB with a 413", async () => {
    const big = Buffer.concat([await image("png"), Buffer.alloc(1024 * 1024)]);
    const res = await upload(big);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe("Logo must be 1 MB or smaller");
  });

  it("refuses an upload without the file field", async () => {
    expect((await upload(await image("png"), "image")).status).toBe(400);
  });

  it("gives every upload a new key, forgets the old one, and removes the logo", async () => {
    const first = keyOf((await (await upload(await image("png"))).json()).logoUrl);
    const second = keyOf((await (await upload(await image("webp"))).json()).logoUrl);
    expect(second).not.toBe(first);
    expect((await fetchLogo(first)).status).toBe(404);
    expect(blobFiles()).toEqual([`brand/${second}`]);
    const removed = await remove();
    expect(removed.status).toBe(200);
    expect((await removed.json()).logoUrl).toBeNull();
    expect((await fetchLogo(second)).status).toBe(404);
    expect(blobFiles()).toEqual([]);
  });

  it("answers 404 for unknown and malformed keys", async () => {
    for (const key of ["0".repeat(32), "not-a-key", "..%2f..%2fetc"]) {
      const res = await fetchLogo(key);
      expect(res.status).toBe(404);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("changes only the signed-in owner's brand", async () => {
    const other = await createUser({ name: "Other" });
    await put({ displayName: "Mine", accentColor: "#112233" });
    await upload(await image("png"));
    expect(await db.user.findUniqueOrThrow({ where: { id: other.id }, select: { brandName: true, brandAccent: true, brandLogoKey: true } })).toEqual({
      brandName: null,
      brandAccent: null,
      brandLogoKey: null,
    });
  });
});
