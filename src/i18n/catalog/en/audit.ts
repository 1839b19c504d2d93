/** English messages: audit. Keys start with the area's own prefix; see ../en.ts. */
export const enAudit = {} as const;
