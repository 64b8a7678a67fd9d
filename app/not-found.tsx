import Link from "next/link";
import { FileQuestionMark } from "lucide-react";

import { SiteShell } from "@/components/layout/site-shell";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "@/components/ui/card";

/** SPEC §2's not-found texts inside the site's own header and footer, with a way home. */
export default function NotFound() {
  return (
    <SiteShell className="flex items-center justify-center">
      <Card className="w-full max-w-md">
        <CardHeader className="flex items-center gap-3">
          <FileQuestionMark aria-hidden="true" className="size-8 shrink-0 text-destructive" />
          <h1 className="text-2xl font-bold text-foreground">404 Page Not Found</h1>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">
            Did you forget to add the page to the router?
          </p>
        </CardContent>
        <CardFooter>
          <Button asChild>
            <Link href="/">Go to home page</Link>
          </Button>
        </CardFooter>
      </Card>
    </SiteShell>
  );
}
