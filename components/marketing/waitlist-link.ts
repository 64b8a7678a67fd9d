/** Where 'Join our waitlist' links from other pages go: the landing page opens its waitlist form for this hash. */
export const WAITLIST_HASH = "#waitlist";
export const WAITLIST_HREF = `/${WAITLIST_HASH}`;
