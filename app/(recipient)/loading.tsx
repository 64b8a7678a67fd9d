import { VerifyingAccess } from "@/components/recipient/access-state";

export default function RecipientLoading() {
  return <VerifyingAccess />;
}
