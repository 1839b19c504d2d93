/** English messages: subscriptions. Keys start with the area's own prefix; see ../en.ts. */
export const enSubscriptions = {} as const;
