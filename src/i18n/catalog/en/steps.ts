/** English messages: steps. Keys start with the area's own prefix; see ../en.ts. */
export const enSteps = {} as const;
