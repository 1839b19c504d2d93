/** English messages: home. Keys start with the area's own prefix; see ../en.ts. */
export const enHome = {} as const;
