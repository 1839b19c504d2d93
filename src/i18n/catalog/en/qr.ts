/** English messages: qr. Keys start with the area's own prefix; see ../en.ts. */
export const enQr = {} as const;
