"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { LogOut } from "lucide-react";
import { toast } from "@/client/toast";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { apiRequest } from "@/client/request";
import { useApiMutation } from "@/client/mutation";

/** POST /api/auth/logout, forget the stored current user, then go to /login. Leaving is not destructive: an outline button. */
export function LogoutButton() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const signOut = useApiMutation(() => apiRequest("POST", "/api/auth/logout", {})); // SPEC §7: an empty JSON body

  const logout = async () => {
    setPending(true);
    try {
      await signOut.mutateAsync();
      try {
        localStorage.removeItem("currentUser");
      } catch {
        // Storage unavailable: nothing to clear.
      }
      toast.success("You have been logged out successfully.");
      router.push("/login");
      router.refresh();
    } catch {
      toast.error("Error", { description: "Failed to logout. Please try again." });
      setPending(false);
    }
  };

  return (
    <Button type="button" variant="outline" className="w-full sm:w-auto" onClick={() => void logout()} disabled={pending} aria-busy={pending}>
      {pending ? <Spinner label="Logging out..." /> : <LogOut aria-hidden="true" />}
      Logout
    </Button>
  );
}
