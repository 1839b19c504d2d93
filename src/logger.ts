import { type DestinationStream, type Logger, pino } from 'pino';

/** Keeps the last four digits of a phone number; everything else is masked. */
export function maskPhone(value: unknown): string {
  const digits = String(value ?? '').replace(/\D/g, '');
  return digits.length <= 4 ? '****' : `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}

const PHONE_FIELD = /("[a-z_]*phone[a-z_]*"\s*:\s*"?)(\+?[\d\s-]{5,})/gi;
const MOBILE = /(?<!\d)(\+?86)?1[3-9]\d{9}(?!\d)/g;

/**
 * Raw text bound for a log (a gateway body we could not read): phone fields and anything shaped
 * like a mobile number keep only their last four digits.
 */
export function maskPhonesInText(text: string): string {
  return text
    .replace(PHONE_FIELD, (_m, head: string, value: string) => `${head}${maskPhone(value)}`)
    .replace(MOBILE, (m) => maskPhone(m));
}

const SECRET_PATHS = [
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'botToken',
  '*.botToken',
  'signingSecret',
  '*.signingSecret',
  'clientSecret',
  '*.clientSecret',
  'appToken',
  '*.appToken',
];
const PHONE_PATHS = ['phone', '*.phone', '*.*.phone', 'receiverPhone', '*.receiverPhone'];

/** The process logger: tokens and secrets removed, phone numbers masked. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { app: 'querydesk' },
      redact: {
        paths: [...SECRET_PATHS, ...PHONE_PATHS],
        censor: (value, path) =>
          PHONE_PATHS.some((p) => p.split('.').at(-1) === path.at(-1))
            ? maskPhone(value)
            : '[redacted]',
      },
    },
    destination,
  );
}
