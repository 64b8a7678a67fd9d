import { firstSteps } from "@/lib/domain/ideas/first-steps";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { agreedRecipient, createDraft, createPublished, createShare, createUser, TEST_CLIENT } from "../../../factories";

describe("firstSteps: the dashboard's first-run checklist", () => {
  it("ticks writing, publishing, sharing and the first view of a link, each for this owner only", async () => {
    const owner = await createUser();
    const other = await createUser();
    expect(await firstSteps(owner.id)).toEqual({ wrote: false, published: false, shared: false, opened: false });

    await createDraft(owner.id);
    expect(await firstSteps(owner.id)).toEqual({ wrote: true, published: false, shared: false, opened: false });

    const idea = await createPublished(owner.id);
    expect(await firstSteps(owner.id)).toEqual({ wrote: true, published: true, shared: false, opened: false });

    const share = await createShare(owner.id, idea.id, { shareType: "full-access" });
    expect(await firstSteps(owner.id)).toEqual({ wrote: true, published: true, shared: true, opened: false });

    const recipient = await agreedRecipient(share);
    await getSharedIdea(share.accessLink, recipient.secrets, TEST_CLIENT);
    expect(await firstSteps(owner.id)).toEqual({ wrote: true, published: true, shared: true, opened: true });

    // Another account's steps are its own.
    expect(await firstSteps(other.id)).toEqual({ wrote: false, published: false, shared: false, opened: false });
  });
});
