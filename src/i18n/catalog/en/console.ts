/** English messages: console. Keys start with the area's own prefix; see ../en.ts. */
export const enConsole = {} as const;
