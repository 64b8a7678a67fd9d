-- The owner's summary mail after each visit: its event kind and its profile switch (on by default).
ALTER TYPE "OwnerNotificationKind" ADD VALUE 'visitEnded';

ALTER TABLE "User" ADD COLUMN "notifyVisitEnded" BOOLEAN NOT NULL DEFAULT true;
