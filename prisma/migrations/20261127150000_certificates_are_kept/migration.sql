-- The certificate PDF of an acceptance, kept while the facts it prints are unchanged.
CREATE TABLE "NdaCertificate" (
    "ndaAcceptanceId" TEXT NOT NULL,
    "inputsSha256" TEXT NOT NULL,
    "proofStatus" "TimestampStatus",
    "tokenState" "TsaTokenState",
    "pdf" BYTEA NOT NULL,
    "builtAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NdaCertificate_pkey" PRIMARY KEY ("ndaAcceptanceId")
);

-- PDFs are already compressed: stored out of line without PostgreSQL compressing them again.
ALTER TABLE "NdaCertificate" ALTER COLUMN "pdf" SET STORAGE EXTERNAL;

ALTER TABLE "NdaCertificate" ADD CONSTRAINT "NdaCertificate_ndaAcceptanceId_fkey" FOREIGN KEY ("ndaAcceptanceId") REFERENCES "NdaAcceptance"("id") ON DELETE CASCADE ON UPDATE CASCADE;
