/**
 * The soak: SOAK_SECONDS (default 300) of mixed load at SOAK_CONNECTIONS (default 20) requests in
 * flight against one production server, after SOAK_WARMUP_SECONDS (default 30) of the same load: public pages, the
 * owner's list and writes, recipients' reads (content, page list, page images, the marked PDF) and comments, PDF
 * uploads and share creation. Reports requests per second, p50/p99 (overall and per operation), every 5xx (budget 0)
 * and the server's memory after warm-up and at the end (budget: under 20% growth). Only 127.0.0.1 is loaded, and
 * the loop is bounded in time and in count.
 */
import { signUp, startBenchServer, percentile } from "./server";
import { samplePdf } from "./sample-pdf";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 3751);
/** A hard ceiling on requests, whatever the clock says. */
const MAX_REQUESTS = 5_000_000;
const RSS_BUDGET = 0.2;

/** The cookies one client holds (the owner's session, a recipient's per-link cookie). */
class Jar {
  private readonly cookies = new Map<string, string>();
  constructor(header = "") {
    for (const pair of header.split("; ").filter(Boolean)) this.set(pair);
  }
  private set(pair: string) {
    const eq = pair.indexOf("=");
    this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) this.set(c.split(";")[0]);
  }
  get header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

type Sample = { op: string; ms: number };
type Failure = { status: number | string; method: string; path: string };

/** What one window (warm-up, measurement) saw. */
class Recorder {
  samples: Sample[] = [];
  failures: Failure[] = [];
  /** Requests answered below 500 but not as the operation expects (a 4xx): a broken mix, reported apart. */
  unexpected: Failure[] = [];
}

let rec = new Recorder();
let sent = 0;
/** Statuses whose Response cannot carry a body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** One request of operation `op`; 5xx and network errors are failures, other statuses than `expect` are reported. */
async function call(base: string, op: string, path: string, init: RequestInit & { jar?: Jar; expect?: number } = {}): Promise<Response | null> {
  sent++;
  const { jar, expect = 200, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (jar) headers.set("cookie", jar.header);
  const method = rest.method ?? "GET";
  const started = performance.now();
  const into = rec; // the window a request started in owns its result
  let res: Response;
  let body: ArrayBuffer;
  try {
    res = await fetch(`${base}${path}`, { ...rest, headers, redirect: "manual" });
    body = await res.arrayBuffer();
  } catch (err) {
    into.failures.push({ status: (err as Error).message, method, path });
    return null;
  }
  into.samples.push({ op, ms: performance.now() - started });
  if (res.status >= 500) into.failures.push({ status: res.status, method, path });
  else if (res.status !== expect) into.unexpected.push({ status: res.status, method, path });
  jar?.take(res);
  // The body was read to free the connection; hand back a response that can still be parsed.
  return new Response(NULL_BODY.has(res.status) ? null : body, { status: res.status, headers: res.headers });
}

const json = { "content-type": "application/json" };
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];
const HTML = `<h1>Soak</h1>${Array.from({ length: 6 }, (_, i) => `<h2>Part ${i + 1}</h2><p>${"Plain words of a plan. ".repeat(20)}</p>`).join("")}`;

type Reader = { jar: Jar; recipientId: string; token: string };
type World = { owner: Jar; readers: Reader[]; pdfReaders: Reader[]; pdfPath: string; pages: number; shareableIdea: number; pdf: Blob };

async function mustJson<T>(res: Response | null, what: string): Promise<T> {
  if (!res || res.status >= 300) throw new Error(`${what}: HTTP ${res?.status ?? "no answer"} ${res ? await res.text() : ""}`);
  return (await res.json()) as T;
}

async function createShare(base: string, owner: Jar, ideaId: number, extra: Record<string, unknown> = {}) {
  const body = JSON.stringify({ ideaId, shareType: "full-access", expiresAt: null, maxViews: null, recipientEmail: null, ...extra });
  return mustJson<{ id: string; accessLink: string }>(await call(base, "setup", "/api/shares", { method: "POST", headers: json, body, jar: owner, expect: 201 }), "create share");
}

async function newReader(base: string, token: string, i: number): Promise<Reader> {
  const jar = new Jar();
  const body = JSON.stringify({ name: `Soak Reader ${i}`, email: `soak${i}@example.com`, phone: null, accessToken: token });
  const r = await mustJson<{ id: string }>(await call(base, "setup", "/api/recipients", { method: "POST", headers: json, body, jar, expect: 201 }), "identify");
  await mustJson(await call(base, "setup", `/api/recipients/${r.id}/nda`, { method: "PUT", headers: json, body: JSON.stringify({ agreed: true }), jar }), "agree");
  return { jar, recipientId: r.id, token };
}

async function setUp(base: string): Promise<World> {
  const owner = new Jar(await signUp(base, { name: "Soak Owner", email: "soak-owner@example.com", password: "soak-password" }));
  const ideas: number[] = [];
  for (let i = 0; i < 3; i++) {
    const idea = await mustJson<{ id: number }>(await call(base, "setup", "/api/ideas", { method: "POST", headers: json, body: JSON.stringify({ title: `Shared ${i}`, content: HTML }), jar: owner, expect: 201 }), "create idea");
    await mustJson(await call(base, "setup", `/api/ideas/${idea.id}/publish`, { method: "PUT", jar: owner }), "publish");
    ideas.push(idea.id);
  }
  // A few ideas in the owner's list beside the shared ones.
  for (let i = 0; i < 20; i++) await call(base, "setup", "/api/ideas", { method: "POST", headers: json, body: JSON.stringify({ title: `Draft ${i}`, content: HTML }), jar: owner, expect: 201 });

  // Three pages of ~100 KB each (a photo-like image per page).
  const pdf = new Blob([new Uint8Array(await samplePdf(300_000, 3))], { type: "application/pdf" });
  const form = new FormData();
  form.append("file", pdf, "soak.pdf");
  form.append("title", "Shared PDF");
  const pdfIdea = await mustJson<{ id: number }>(await call(base, "setup", "/api/ideas/pdf", { method: "POST", body: form, jar: owner, expect: 201 }), "upload");
  await mustJson(await call(base, "setup", `/api/ideas/${pdfIdea.id}/publish`, { method: "PUT", jar: owner }), "publish PDF");

  const readers: Reader[] = [];
  for (const [i, ideaId] of ideas.entries()) {
    const share = await createShare(base, owner, ideaId);
    for (let r = 0; r < 3; r++) readers.push(await newReader(base, share.accessLink, i * 10 + r));
  }
  const pdfShare = await createShare(base, owner, pdfIdea.id, { allowDownload: true });
  const pdfReaders: Reader[] = [];
  for (let r = 0; r < 3; r++) pdfReaders.push(await newReader(base, pdfShare.accessLink, 100 + r));
  // The first read opens each reader's view.
  let pdfPath = "";
  for (const r of [...readers, ...pdfReaders]) {
    const view = await mustJson<{ idea: { content: { pdfPath?: string } } }>(await call(base, "setup", `/api/share/${r.token}`, { jar: r.jar }), "first read");
    if (view.idea.content.pdfPath) pdfPath = view.idea.content.pdfPath;
  }
  if (!pdfPath) throw new Error("the PDF link gave no pdfPath");
  const { pageCount } = await mustJson<{ pageCount: number }>(await call(base, "setup", `/api/share/${pdfShare.accessLink}/pages`, { jar: pdfReaders[0].jar }), "pages");
  return { owner, readers, pdfReaders, pdfPath, pages: pageCount, shareableIdea: ideas[0], pdf };
}

type Op = { name: string; weight: number; run: (base: string, w: World) => Promise<void> };

const ops: Op[] = [
  { name: "GET public page", weight: 3, run: async (base) => void (await call(base, "GET public page", pick(["/", "/about", "/login"]))) },
  { name: "GET /api/ideas", weight: 2, run: async (base, w) => void (await call(base, "GET /api/ideas", "/api/ideas", { jar: w.owner })) },
  {
    // Create, edit and delete a draft: the owner's writes, with the list kept at its size.
    name: "idea write",
    weight: 1,
    run: async (base, w) => {
      const created = await call(base, "idea write", "/api/ideas", { method: "POST", headers: json, body: JSON.stringify({ title: "Soak draft", content: HTML }), jar: w.owner, expect: 201 });
      if (created?.status !== 201) return;
      const { id } = (await created.json()) as { id: number };
      await call(base, "idea write", `/api/ideas/${id}`, { method: "PUT", headers: json, body: JSON.stringify({ title: "Soak draft, edited", content: `${HTML}<p>More</p>` }), jar: w.owner });
      await call(base, "idea write", `/api/ideas/${id}`, { method: "DELETE", jar: w.owner });
    },
  },
  { name: "GET /api/share/{token}", weight: 3, run: async (base, w) => {
    const r = pick(w.readers);
    await call(base, "GET /api/share/{token}", `/api/share/${r.token}`, { jar: r.jar });
  } },
  { name: "GET share pages", weight: 1, run: async (base, w) => {
    const r = pick(w.pdfReaders);
    await call(base, "GET share pages", `/api/share/${r.token}/pages`, { jar: r.jar });
  } },
  { name: "GET share page image", weight: 1, run: async (base, w) => {
    const r = pick(w.pdfReaders);
    await call(base, "GET share page image", `/api/share/${r.token}/pages/${1 + Math.floor(Math.random() * w.pages)}?width=${pick([800, 1200])}`, { jar: r.jar });
  } },
  { name: "GET marked PDF", weight: 0.5, run: async (base, w) => void (await call(base, "GET marked PDF", w.pdfPath, { jar: pick(w.pdfReaders).jar })) },
  { name: "GET comments", weight: 1, run: async (base, w) => {
    const r = pick(w.readers);
    await call(base, "GET comments", `/api/comments?token=${r.token}`, { jar: r.jar });
  } },
  { name: "POST comment", weight: 0.5, run: async (base, w) => {
    const r = pick(w.readers);
    const body = JSON.stringify({ recipientId: r.recipientId, content: "A thought from the soak." });
    await call(base, "POST comment", `/api/comments?token=${r.token}`, { method: "POST", headers: json, body, jar: r.jar, expect: 201 });
  } },
  {
    name: "PDF upload",
    weight: 0.5,
    run: async (base, w) => {
      const form = new FormData();
      form.append("file", w.pdf, "upload.pdf");
      form.append("title", "Uploaded in the soak");
      const res = await call(base, "PDF upload", "/api/ideas/pdf", { method: "POST", body: form, jar: w.owner, expect: 201 });
      if (res?.status !== 201) return;
      const { id } = (await res.json()) as { id: number };
      await call(base, "PDF upload", `/api/ideas/${id}`, { method: "DELETE", jar: w.owner });
    },
  },
  {
    name: "share create",
    weight: 0.5,
    run: async (base, w) => {
      const body = JSON.stringify({ ideaId: w.shareableIdea, shareType: "time-dependent", expiresAt: new Date(Date.now() + 86_400_000).toISOString(), maxViews: 5, recipientEmail: null });
      const res = await call(base, "share create", "/api/shares", { method: "POST", headers: json, body, jar: w.owner, expect: 201 });
      if (res?.status !== 201) return;
      const { id } = (await res.json()) as { id: string };
      await call(base, "share create", `/api/shares/${id}`, { method: "DELETE", jar: w.owner });
    },
  },
];

const totalWeight = ops.reduce((s, o) => s + o.weight, 0);
function pickOp() {
  let x = Math.random() * totalWeight;
  for (const op of ops) if ((x -= op.weight) < 0) return op;
  return ops[ops.length - 1];
}

/** CONNECTIONS loops, each one request (or one write cycle) at a time, until `until`. */
async function drive(base: string, world: World, until: number) {
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until && sent < MAX_REQUESTS) await pickOp().run(base, world);
    }),
  );
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const f = (ms: number) => `${ms.toFixed(0)} ms`;

export async function benchSoak() {
  // On a loaded machine many queries pass the slow-query threshold: their log would drown the report.
  const server = await startBenchServer(port, { OTS_INTERVAL_S: "0", STORAGE_QUOTA_MB: "10240", DB_SLOW_QUERY_MS: "0" });
  const { base } = server;
  try {
    const world = await setUp(base);
    console.log(`${CONNECTIONS} connections: warm-up ${WARMUP_SECONDS} s, then ${SECONDS} s measured (SOAK_WARMUP_SECONDS, SOAK_SECONDS)`);
    await drive(base, world, Date.now() + WARMUP_SECONDS * 1000);
    const warm = server.rss();
    const warmup = rec;
    rec = new Recorder();
    const rssSeries: number[] = [warm.node];
    const sampler = setInterval(() => rssSeries.push(server.rss().node), 10_000);
    const started = Date.now();
    const cpuBefore = server.cpuMs();
    await drive(base, world, started + SECONDS * 1000);
    const elapsed = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const end = server.rss();
    const cpu = (server.cpuMs() - cpuBefore) / 1000;

    const all = rec.samples.map((s) => s.ms).sort((a, b) => a - b);
    console.log(`requests ${all.length} in ${elapsed.toFixed(0)} s: ${(all.length / elapsed).toFixed(1)} req/s  p50 ${f(percentile(all, 50))}  p99 ${f(percentile(all, 99))}  max ${f(all.at(-1) ?? 0)}  (server CPU ${(cpu / elapsed).toFixed(2)} cores)`);
    for (const op of [...new Set(rec.samples.map((s) => s.op))]) {
      const t = rec.samples.filter((s) => s.op === op).map((s) => s.ms).sort((a, b) => a - b);
      console.log(`  ${op.padEnd(24)} ${String(t.length).padStart(7)}  p50 ${f(percentile(t, 50)).padStart(7)}  p99 ${f(percentile(t, 99)).padStart(7)}`);
    }
    console.log(`5xx and network errors: ${rec.failures.length} (budget 0; ${warmup.failures.length} during the warm-up)`);
    for (const x of [...warmup.failures, ...rec.failures]) console.log(`  ${x.status} ${x.method} ${x.path}`);
    const unexpected = [...warmup.unexpected, ...rec.unexpected];
    if (unexpected.length) {
      console.log(`other unexpected statuses (warm-up included): ${unexpected.length}`);
      const byKind = new Map<string, number>();
      for (const x of unexpected) {
        const key = `${x.status} ${x.method} ${x.path.replace(/[A-Za-z0-9_-]{20,}|\d+/g, ":id")}`;
        byKind.set(key, (byKind.get(key) ?? 0) + 1);
      }
      for (const [k, n] of byKind) console.log(`  ${n}× ${k}`);
    }
    const growth = (end.node - warm.node) / warm.node;
    console.log(`server memory (Node RSS): ${mb(warm.node)} after warm-up, ${mb(end.node)} at the end (${(growth * 100).toFixed(1)}%), max ${mb(Math.max(...rssSeries, end.node))}; PostgreSQL RSS ${mb(warm.postgres)} → ${mb(end.postgres)}`);
    const ok = rec.failures.length + warmup.failures.length === 0 && growth < RSS_BUDGET;
    console.log(`budget (0 5xx, memory growth < ${RSS_BUDGET * 100}% after warm-up): ${ok ? "met" : "NOT met"}`);
  } finally {
    await server.stop();
  }
}
