/** English messages: exports. Keys start with the area's own prefix; see ../en.ts. */
export const enExports = {} as const;
