import { type DestinationStream, type Logger, pino } from 'pino';

/** Keeps the last four digits of a phone number; everything else is masked. */
export function maskPhone(value: unknown): string {
  const digits = String(value ?? '').replace(/\D/g, '');
  return digits.length <= 4 ? '****' : `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
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
