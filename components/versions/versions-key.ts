/** The versions list's query key and a version's editor address, apart from the panel (the version page needs no panel code). */
export const versionsKey = (ideaId: number) => [`/api/ideas/${ideaId}/versions`] as const;
export const versionHref = (ideaId: number, n: number) => `/editor/${ideaId}/versions/${n}`;
