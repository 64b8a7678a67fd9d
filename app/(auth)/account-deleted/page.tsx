import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { CardContent, CardHeader, CardTitle } from "@/components/ui/card";

export const metadata: Metadata = { title: "Your account has been deleted", robots: { index: false } };

// Where 'Delete account' on /profile lands once the account is gone: said on the page itself, not in a toast that a
// navigation can sweep away, and readable without a session (there is none any more).
export default function AccountDeletedPage() {
  return (
    <>
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl font-semibold">Your account has been deleted</h1>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p role="status" className="text-sm">
          Your account and its data have been deleted: your ideas and files, your share links, the records of the people you shared with, their
          comments and your timestamps. You have been signed out.
        </p>
        <p className="text-muted-foreground text-sm">A confirmation is on its way to the account&apos;s e-mail address.</p>
        <Button asChild variant="outline" className="w-full">
          <Link href="/">Go to the home page</Link>
        </Button>
      </CardContent>
    </>
  );
}
