/** English messages: help. Keys start with the area's own prefix; see ../en.ts. */
export const enHelp = {} as const;
