import { agreedRecipient, createDraft, createPublished, createRoom, createRoomShare, createShare, createUser, TEST_ORIGIN } from "../../factories";
import { runStamping, useFakeNetwork } from "../../lib/domain/timestamps/helpers";
import { runJobsUntilIdle } from "@/lib/features/jobs/worker";
import { bytesOf, sha256, text, unzip } from "../../support/unzip";
import { PDFDocument } from "pdf-lib";
import { db } from "@/lib/platform/db";
import { ndaEvidenceDocument } from "@/lib/domain/evidence/nda-evidence";
import { runLogAnchorJob } from "@/lib/domain/evidence-log/anchor";
import { getIdeaStampedFile } from "@/lib/domain/evidence/proofs";
import { verifyHtml } from "@/lib/domain/evidence/verify-html";
import { summary, verifyPack } from "@/lib/domain/evidence/verify-html/checks";
import { verifyProof } from "@/lib/domain/timestamps/verify";
import { waitingJobs } from "../../db-utils";
import { opensslVerifiesToken } from "../../fakes/tsa";
import { testTsaPki } from "../../lib/domain/timestamps/tsa-helpers";

const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());

import { GET as packGET } from "@/app/api/rooms/[id]/evidence.zip/route";
import { GET as manifestOtsGET } from "@/app/api/rooms/[id]/evidence/[packId]/manifest.ots/route";
import { GET as manifestTsrGET } from "@/app/api/rooms/[id]/evidence/[packId]/manifest.tsr/route";
import { routeSession } from "../../route-harness";

useFakeNetwork({ calendars: 2, explorers: 1 });

const packCall = (roomId: string) => packGET(new Request(`${TEST_ORIGIN}/api/rooms/${roomId}/evidence.zip`), { params: Promise.resolve({ id: roomId }) });
const proofCall = (kind: "ots" | "tsr", roomId: string, packId: string) =>
  (kind === "ots" ? manifestOtsGET : manifestTsrGET)(new Request(`${TEST_ORIGIN}/api/rooms/${roomId}/evidence/${packId}/manifest.${kind}`), {
    params: Promise.resolve({ id: roomId, packId }),
  });

function signIn(user: { id: string; name: string; email: string }) {
  session.user = { id: user.id, name: user.name, email: user.email, profileImage: null };
}

type RoomManifest = {
  format: string;
  pack: string;
  createdAt: string;
  room: { id: string; name: string };
  manifestTimestamp: { ots: string; tsr: string };
  ideas: { id: number; title: string; versions: { version: number; file: string; sha256: string; ots: string | null }[] }[];
  agreements: { id: string; name: string; record: string }[];
  files: { path: string; sha256: string; size: number }[];
  problems: string[];
};

/** Ada's room "Seed round": the loom, then the kettle (not in the order they were written). */
async function roomOfTwo() {
  const ada = await createUser({ name: "Ada Lovelace" });
  const [kettle, loom] = [
    await createPublished(ada.id, { title: "Solar Kettle", content: "<p>Boil with sunlight</p>" }),
    await createPublished(ada.id, { title: "Punch-card Loom", content: "<p>Weave by program</p>" }),
  ];
  return { ada, kettle, loom, room: await createRoom(ada.id, [loom.id, kettle.id], { name: "Seed round" }) };
}

describe("GET /api/rooms/{id}/evidence.zip", () => {
  afterEach(() => {
    session.user = null;
  });

  it("holds every item's versions and proofs, every acceptance made through the room's links, each item's log with its anchors, verify.html passing on it all, and the manifest last; not the ideas' own links' agreements", async () => {
    const { ada, kettle, loom, room } = await roomOfTwo();
    const link = await createRoomShare(ada.id, room.id);
    const rita = await agreedRecipient(link, { name: "Rita Reader", email: "rita@example.com" });
    // An agreement made through the kettle's own link belongs to the kettle's pack, not to the room's.
    const own = await agreedRecipient(await createShare(ada.id, kettle.id), { name: "Grace Hopper", email: "grace@example.com" });
    // Both logs in one anchor (one Merkle tree): its root's proofs are written once, both logs' paths lead to it.
    const anchor = await runLogAnchorJob(new Date("2026-11-27T09:00:00.000Z"));
    expect(anchor).toMatchObject({ logs: 2 });
    await runStamping();
    await runJobsUntilIdle(["tsa"]);

    signIn(ada);
    const res = await packCall(room.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="evidence-room-${room.id}-\\d{4}-\\d{2}-\\d{2}\\.zip"`));
    const packBytes = Buffer.from(await res.arrayBuffer());
    const zip = unzip(packBytes);
    expect(zip.bad).toBeNull();

    const version = (id: number) => [`ideas/${id}/versions/v1/idea-${id}.html`, `ideas/${id}/versions/v1/idea-${id}.html.ots`];
    const names = zip.names;
    expect(names[0]).toBe("README.txt");
    expect(names.slice(-3)).toEqual(["verify.html", "manifest.json", "certification.txt"]);
    // The room's order, each idea's version with both proofs and its guide, then the logs, one per idea.
    for (const id of [loom.id, kettle.id]) {
      expect(names).toEqual(expect.arrayContaining([...version(id), `ideas/${id}/versions/v1/idea-${id}.html.tsr`, `ideas/${id}/versions/v1/HOW-TO-VERIFY.txt`, `log/${id}/log.jsonl`]));
    }
    expect(names.indexOf(version(loom.id)[0])).toBeLessThan(names.indexOf(version(kettle.id)[0]));
    expect(names.filter((n) => n.startsWith("log/anchors/"))).toEqual([`log/anchors/${anchor.root}.ots`, `log/anchors/${anchor.root}.tsr`]);
    expect(names.some((n) => n.startsWith("tsa/") && n.endsWith(".pem"))).toBe(true);
    // Rita's one agreement for the room: its certificate, its record (listing both ideas) with the record's proofs.
    const nda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: rita.id }, include: { timestamp: true } });
    const folder = `agreements/${nda.id}`;
    expect(names.filter((n) => n.startsWith("agreements/"))).toEqual([
      `${folder}/nda-certificate-${nda.id}.pdf`,
      `${folder}/nda-acceptance-${nda.id}.json`,
      `${folder}/nda-acceptance-${nda.id}.json.ots`,
      `${folder}/nda-acceptance-${nda.id}.json.tsr`,
    ]);
    const record = bytesOf(zip.entries[`${folder}/nda-acceptance-${nda.id}.json`]);
    expect(record).toEqual(ndaEvidenceDocument(nda));
    expect(sha256(record)).toBe(nda.timestamp!.digest);
    expect((JSON.parse(record.toString("utf8")) as { room: { id: string; items: { ideaId: number }[] } }).room).toMatchObject({
      id: room.id,
      items: [{ ideaId: loom.id }, { ideaId: kettle.id }],
    });
    const certificate = bytesOf(zip.entries[`${folder}/nda-certificate-${nda.id}.pdf`]);
    expect((await PDFDocument.load(certificate)).getTitle()).toContain("Rita Reader");
    // The kettle's own link's agreement is the kettle's pack's, not the room's.
    const ownNda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: own.id } });
    expect(names.join("\n")).not.toContain(ownNda.id);

    // The stamped bytes are the ideas' own; every file is in the manifest with its digest; verify.html passes on all.
    expect(bytesOf(zip.entries[version(kettle.id)[0]])).toEqual((await getIdeaStampedFile(ada.id, kettle.id)).bytes);
    const manifest = JSON.parse(text(zip.entries["manifest.json"])) as RoomManifest;
    expect(manifest.files.map((f) => f.path)).toEqual(names.slice(0, -2));
    for (const f of manifest.files) {
      const bytes = bytesOf(zip.entries[f.path]);
      expect({ path: f.path, sha256: sha256(bytes), size: bytes.length }).toEqual(f);
    }
    expect(text(zip.entries["certification.txt"])).toContain(`SHA-256 of manifest.json:  ${sha256(bytesOf(zip.entries["manifest.json"]))}`);
    expect(text(zip.entries["certification.txt"])).toContain(`(Seed round)`);
    expect(text(zip.entries["verify.html"])).toBe(verifyHtml());
    const checks = await verifyPack(new Uint8Array(packBytes));
    expect(summary(checks)).toBe(`All ${checks.length} checks passed`);
    expect(checks.filter((c) => c.title === "Hash chain").map((c) => c.file)).toEqual([`log/${loom.id}/log.jsonl`, `log/${kettle.id}/log.jsonl`]);
    expect(checks.filter((c) => c.title === "Anchor's Merkle path")).toHaveLength(2);

    const proofs = await db.ideaVersion.findMany({ where: { ideaId: { in: [loom.id, kettle.id] } }, select: { ideaId: true, contentSha256: true } });
    expect(manifest).toMatchObject({
      format: "ideavault-room-evidence-pack-1",
      room: { id: room.id, name: "Seed round" },
      ideas: [loom, kettle].map((i) => ({
        id: i.id,
        title: i.title,
        versions: [{ version: 1, file: version(i.id)[0], ots: version(i.id)[1], sha256: proofs.find((p) => p.ideaId === i.id)!.contentSha256 }],
      })),
      agreements: [{ id: nda.id, name: "Rita Reader", record: `${folder}/nda-acceptance-${nda.id}.json` }],
      problems: [],
    });
    expect(text(zip.entries["README.txt"])).toContain(`ideas/${loom.id}/  "Punch-card Loom"`);
    // Recorded as the room's, its manifest's digest queued for both clocks, and the making logged in each item's log.
    const manifestSha256 = sha256(bytesOf(zip.entries["manifest.json"]));
    const pack = await db.evidencePack.findUniqueOrThrow({ where: { id: manifest.pack }, include: { timestamp: { include: { tsaToken: true } } } });
    expect(pack).toMatchObject({ roomId: room.id, ideaId: null, manifestSha256 });
    expect(pack.timestamp).toMatchObject({ status: "queued", digest: manifestSha256, ideaId: null, ndaAcceptanceId: null, ideaVersionId: null });
    expect(pack.timestamp!.tsaToken).toMatchObject({ state: "pending" });
    expect(await waitingJobs("stamp", { proofId: pack.timestamp!.id })).toHaveLength(1);
    expect(await waitingJobs("tsa", { tokenId: pack.timestamp!.tsaToken!.id })).toHaveLength(1);
    const made = await db.evidenceEntry.findMany({ where: { type: "evidence-pack.made" }, orderBy: { ideaId: "asc" } });
    expect(made.map((e) => [e.ideaId, JSON.parse(e.data)])).toEqual(
      [loom.id, kettle.id].sort((a, b) => a - b).map((id) => [id, { packId: manifest.pack, manifestSha256, createdAt: manifest.createdAt, roomId: room.id }]),
    );
    expect(manifest.manifestTimestamp.ots).toBe(`${TEST_ORIGIN}/api/rooms/${room.id}/evidence/${manifest.pack}/manifest.ots`);
    expect(text(zip.entries["README.txt"])).toContain(manifest.manifestTimestamp.ots);
  });

  it("serves the room pack manifest's .ots and .tsr to the room's owner once they exist; another creator, another room or an unknown pack is a 404; deleting the room's row takes its packs", async () => {
    const { ada, room } = await roomOfTwo();
    signIn(ada);
    const res = await packCall(room.id);
    const packBytes = Buffer.from(await res.arrayBuffer());
    const zip = unzip(packBytes);
    const manifestBytes = bytesOf(zip.entries["manifest.json"]);
    const packId = (JSON.parse(manifestBytes.toString("utf8")) as RoomManifest).pack;

    const early = await proofCall("ots", room.id, packId);
    expect(early.status).toBe(409);
    expect((await early.json()).error).toMatch(/not ready yet/);
    expect((await proofCall("tsr", room.id, packId)).status).toBe(404);
    await runStamping();
    await runJobsUntilIdle(["tsa"]);
    const ots = await proofCall("ots", room.id, packId);
    expect(ots.status).toBe(200);
    expect(ots.headers.get("content-disposition")).toMatch(/filename="manifest\.json\.ots"/);
    const otsBytes = Buffer.from(await ots.arrayBuffer());
    expect(await verifyProof(manifestBytes, otsBytes)).toMatchObject({ matches: true, verdict: "pending" });
    const tsr = await proofCall("tsr", room.id, packId);
    expect(tsr.status).toBe(200);
    expect(tsr.headers.get("content-type")).toBe("application/timestamp-reply");
    expect(opensslVerifiesToken(testTsaPki(), Buffer.from(await tsr.arrayBuffer()), sha256(manifestBytes)).ok).toBe(true);

    const other = await createRoom(ada.id, []);
    expect((await proofCall("ots", other.id, packId)).status).toBe(404);
    expect((await proofCall("ots", room.id, "unknownpack123")).status).toBe(404);
    signIn(await createUser());
    const foreign = await proofCall("ots", room.id, packId);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error).toBe("Evidence pack not found");
    // A room soft-deleted by its owner is gone for them, its packs' proofs too; its row's deletion takes the packs and proofs.
    signIn(ada);
    await db.room.update({ where: { id: room.id }, data: { deletedAt: new Date() } });
    expect((await proofCall("ots", room.id, packId)).status).toBe(404);
    await db.room.delete({ where: { id: room.id } });
    expect(await db.evidencePack.count()).toBe(0);
    expect(await db.timestampProof.count({ where: { evidencePackId: { not: null } } })).toBe(0);
  });

  it("another creator's room or an unknown one is a 404, signed out a 401; an emptied room still answers its pack", async () => {
    const ada = await createUser();
    const eve = await createUser();
    const room = await createRoom(ada.id, [(await createPublished(ada.id)).id]);
    expect((await packCall(room.id)).status).toBe(401);
    signIn(eve);
    const foreign = await packCall(room.id);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error).toBe("Room not found");
    expect((await packCall("unknownroom123")).status).toBe(404);

    signIn(ada);
    await createDraft(ada.id);
    const empty = await createRoom(ada.id, []);
    const res = await packCall(empty.id);
    expect(res.status).toBe(200);
    const manifest = JSON.parse(text(unzip(Buffer.from(await res.arrayBuffer())).entries["manifest.json"])) as RoomManifest;
    expect(manifest).toMatchObject({ room: { id: empty.id }, ideas: [], agreements: [] });
  });
});
