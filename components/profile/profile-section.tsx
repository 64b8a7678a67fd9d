import { useId, type ReactNode } from "react";
import { Card, CardContent } from "@/components/ui/card";

/**
 * One section of /profile: a card that is a region named by its heading, with a one-paragraph explanation under the
 * heading, then the section's own content.
 */
export function ProfileSection({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card
      className="mx-auto mt-6 w-full max-w-xl"
      aria-labelledby={headingId}
      role="region"
    >
      <CardContent className="space-y-4 px-4 sm:px-6">
        <div className="space-y-1">
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-muted-foreground text-sm">{description}</p>
        </div>
        {children}
      </CardContent>
    </Card>
  );
}
