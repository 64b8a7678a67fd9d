import Link from "next/link";
import { FileQuestionMark } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "@/components/ui/card";

export default function NotFound() {
  return (
    <div className="flex min-h-dvh w-full items-center justify-center bg-muted/40 px-4 py-12">
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
    </div>
  );
}
