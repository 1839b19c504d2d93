/** English messages: lookup. Keys start with the area's own prefix; see ../en.ts. */
export const enLookup = {} as const;
