/** English messages: watches. Keys start with the area's own prefix; see ../en.ts. */
export const enWatches = {} as const;
