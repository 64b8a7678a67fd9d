import { db } from "@/lib/platform/db";
import { roomReading } from "@/lib/domain/rooms/reading";
import { sharedRoomItem } from "@/lib/domain/rooms/recipient";
import { linkByToken, type RoomLinkSummary } from "@/lib/domain/gate/lookup";
import { NO_PASSCODE_PROOFS } from "@/lib/domain/recipients/passcode";
import { TEST_CLIENT, createPublished, createRecipient, createRoom, createRoomShare, createUser } from "../../../factories";
import { recordQueries } from "../../../query-count";

/** The owner's reading table of a room: recipients × ideas, in a constant number of statements. */

async function reads(token: string, secrets: string[], ideaId: number, ms: number, pages: number[]) {
  const link = (await linkByToken(token)) as RoomLinkSummary;
  await sharedRoomItem(link, ideaId, secrets, TEST_CLIENT, NO_PASSCODE_PROOFS);
  const view = await db.viewEvent.findFirstOrThrow({ where: { ideaId, recipient: { secretHash: { not: "" } }, share: { accessLink: token } }, orderBy: { viewedAt: "desc" } });
  await db.viewEvent.update({ where: { id: view.id }, data: { engagementMs: ms, pageCount: 4 } });
  await db.viewEngagement.createMany({ data: pages.map((n) => ({ viewId: view.id, n, ms: Math.floor(ms / pages.length) })) });
}

describe("roomReading", () => {
  it("answers each recipient's reading per idea; an idea not opened is absent; statements do not grow with recipients", async () => {
    const owner = await createUser();
    const deck = await createPublished(owner.id, { title: "Deck" });
    const study = await createPublished(owner.id, { title: "Study" });
    const room = await createRoom(owner.id, [deck.id, study.id]);
    const link = await createRoomShare(owner.id, room.id, { requireNda: false });
    const grace = await createRecipient(link, { name: "Grace Hopper", email: "grace@example.com" });
    await reads(link.accessLink, grace.secrets, deck.id, 9000, [1, 2, 3]);

    const one = await recordQueries(() => roomReading(owner.id, room.id));
    expect(one.result).toEqual({
      recipients: [{ recipientId: grace.id, name: "Grace Hopper", email: "grace@example.com", items: [{ ideaId: deck.id, ms: 9000, pagesRead: 3, pageCount: 4 }] }],
    });

    const alan = await createRecipient(link, { name: "Alan Turing", email: "alan@example.com" });
    await createRecipient(link, { name: "Ada Lovelace", email: "ada@example.com" });
    // Alan reads both ideas: his views happen within one view window, each item its own view.
    await db.recipient.update({ where: { id: alan.id }, data: { viewWindowEndsAt: null } });
    await reads(link.accessLink, alan.secrets, study.id, 4000, [1]);
    const three = await recordQueries(() => roomReading(owner.id, room.id));
    expect(three.result.recipients.map((r) => [r.name, r.items.map((i) => [i.ideaId, i.ms, i.pagesRead])])).toEqual([
      ["Grace Hopper", [[deck.id, 9000, 3]]],
      ["Alan Turing", [[study.id, 4000, 1]]],
      ["Ada Lovelace", []],
    ]);
    expect(three.queries.length).toBe(one.queries.length);
    expect(one.queries.length).toBeLessThanOrEqual(2);

    // Another owner's room: 404.
    const stranger = await createUser();
    await expect(roomReading(stranger.id, room.id)).rejects.toMatchObject({ status: 404 });
  });
});
