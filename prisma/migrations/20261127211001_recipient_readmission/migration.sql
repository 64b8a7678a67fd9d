-- 'Let back in': one more delivery for one recipient of a one-time or used-up link.
ALTER TABLE "Recipient" ADD COLUMN "readmittedAt" TIMESTAMP(3);
