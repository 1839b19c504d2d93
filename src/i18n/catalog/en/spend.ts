/** English messages: spend. Keys start with the area's own prefix; see ../en.ts. */
export const enSpend = {} as const;
