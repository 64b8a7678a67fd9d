import type { APIRequestContext, APIResponse } from "@playwright/test";
import { test as base, expect, type TestUser } from "./fixtures";

export { expect };

/** A signed-in creator: its own cookie jar, so several creators can act in one test. */
export type Creator = { user: TestUser; api: APIRequestContext };

export const test = base.extend<{
  /** Registers a fresh account and signs it in on a request context of its own (disposed after the test). */
  newCreator: () => Promise<Creator>;
}>({
  newCreator: async ({ playwright, createUser }, use, testInfo) => {
    const contexts: APIRequestContext[] = [];
    await use(async () => {
      const user = await createUser();
      const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
      contexts.push(api);
      const res = await api.post("/api/auth/login", { data: { email: user.email, password: user.password } });
      expect(res.status(), `login ${user.email}: ${await res.text()}`).toBe(200);
      return { user, api };
    });
    for (const api of contexts) await api.dispose();
  },
});

/** A valid 1×1 RGBA PNG. */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * Another valid PNG with different bytes (data after IEND is ignored by decoders): an upload of identical bytes
 * answers the file already stored (lib/domain/ideas/images.ts), so tests that need two files use this one.
 */
export const PNG_1X1_OTHER = Buffer.concat([PNG_1X1, Buffer.from("other")]);

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>');

/** A small, well-formed one-page PDF (the label makes the bytes differ per call). */
export function makePdf(label = "IdeaVault test"): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    null, // the content stream, below
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  const text = `BT /F1 12 Tf 20 100 Td (${label.replace(/[()\\]/g, "")}) Tj ET`;
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    const content = body ?? `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;
    out += `${i + 1} 0 obj\n${content}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** A well-formed one-page PDF of exactly `size` bytes: white space after its end (readers allow trailing bytes). */
export function pdfOfSize(size: number): Buffer {
  const pdf = makePdf("Exactly this size");
  const data = Buffer.alloc(size, 0x20);
  pdf.copy(data, 0, 0, Math.min(pdf.length, size));
  return data;
}

/** Status and JSON body, with the body in the assertion message when the status is wrong. */
export async function expectJson(res: APIResponse, status: number) {
  const text = await res.text();
  expect(res.status(), `${res.url()} → ${text.slice(0, 500)}`).toBe(status);
  expect(res.headers()["content-type"] ?? "").toContain("application/json");
  return JSON.parse(text);
}

export type IdeaListItem = { id: number; title: string; status: string; kind: string; blockchainTimestamp: string | null; lastModified: string };

export async function createIdea(api: APIRequestContext, data: { title: string; content?: unknown }) {
  return expectJson(await api.post("/api/ideas", { data }), 201) as Promise<{ id: number; title: string; content: unknown; status: string }>;
}

/** A published HTML idea of `api`'s account (the text holds a line the tests look for). */
export async function createPublishedIdea(api: APIRequestContext, title: string, content = "<p>The secret ingredient is cardamom.</p>"): Promise<{ id: number }> {
  const { id } = await createIdea(api, { title, content });
  await expectJson(await api.put(`/api/ideas/${id}/publish`), 200);
  return { id };
}

export async function listIdeas(api: APIRequestContext): Promise<IdeaListItem[]> {
  return expectJson(await api.get("/api/ideas"), 200);
}

export type AssetItem = { id: string; fileName: string; filePath: string; createdAt: string };

export async function listAssets(api: APIRequestContext): Promise<AssetItem[]> {
  return expectJson(await api.get("/api/assets"), 200);
}

export function uploadPdf(api: APIRequestContext, file: { name: string; buffer: Buffer; mimeType?: string }, title?: string) {
  return api.post("/api/ideas/pdf", {
    multipart: {
      file: { name: file.name, mimeType: file.mimeType ?? "application/pdf", buffer: file.buffer },
      ...(title === undefined ? {} : { title }),
    },
    timeout: 30_000,
  });
}

export function uploadImage(api: APIRequestContext, file: { name: string; buffer: Buffer; mimeType?: string }, ideaId?: number | string) {
  return api.post("/api/upload/image", {
    multipart: {
      image: { name: file.name, mimeType: file.mimeType ?? "image/png", buffer: file.buffer },
      ...(ideaId === undefined ? {} : { ideaId: String(ideaId) }),
    },
  });
}

export function uploadProfileImage(api: APIRequestContext, file: { name: string; buffer: Buffer; mimeType?: string }) {
  return api.post("/api/profile/image", {
    multipart: { image: { name: file.name, mimeType: file.mimeType ?? "image/png", buffer: file.buffer } },
  });
}
