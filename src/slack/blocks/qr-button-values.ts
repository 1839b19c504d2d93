import { z } from 'zod';
import { decoder } from './values.js';

/** What the "New QR code" button carries: the same account and landing page again. */
export interface NewCodeArgs {
  mediaMark: string;
  landingPage?: string;
}

const NewCodeValue = z.strictObject({
  m: z.string().trim().min(1).max(500),
  l: z.string().trim().min(1).max(500).optional(),
});

const readNewCode = decoder(NewCodeValue);

export function newCodeValue(args: NewCodeArgs): string {
  return JSON.stringify(
    NewCodeValue.parse({ m: args.mediaMark, ...(args.landingPage ? { l: args.landingPage } : {}) }),
  );
}

/** The button's value back as arguments for startQrOnboarding; undefined when it is not ours. */
export function parseNewCodeValue(value: string | undefined): NewCodeArgs | undefined {
  const v = readNewCode(value);
  return v && { mediaMark: v.m, ...(v.l ? { landingPage: v.l } : {}) };
}
