"use client";

import { X } from "lucide-react";

/**
 * The addresses typed into an e-mail link's 'Recipient Email', one chip each with its own remove button (a 32 px
 * target, reachable with Tab), so the owner sees exactly who will be invited. Nothing shows for one address or none.
 */
export function AddressChips({ id, addresses, onRemove, disabled }: { id: string; addresses: string[]; onRemove: (address: string) => void; disabled?: boolean }) {
  if (addresses.length < 2) return null;
  return (
    <div className="space-y-1">
      <p id={`${id}-count`} className="text-muted-foreground text-xs">
        {addresses.length} addresses, each invited with its own e-mail
      </p>
      <ul aria-labelledby={`${id}-count`} className="flex flex-wrap gap-2" data-slot="address-chips">
        {addresses.map((address) => (
          <li key={address} className="bg-muted flex max-w-full items-center gap-1 rounded-full border py-0.5 pr-0.5 pl-3 text-sm">
            <span className="min-w-0 break-all">{address}</span>
            <button
              type="button"
              onClick={() => onRemove(address)}
              disabled={disabled}
              aria-label={`Remove ${address}`}
              className="hover:bg-background focus-visible:ring-ring inline-flex size-8 shrink-0 items-center justify-center rounded-full focus-visible:ring-2 focus-visible:outline-none disabled:opacity-50"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
