import type { MetricObjectWithValues, MetricValue } from 'prom-client';
import type { Config } from '../config.js';
import type { LimiterAsk, LimiterReply } from './remote-limiter.js';

/** The loops a listener hands new work to. */
export type LoopName = 'qr' | 'watch' | 'export';

/** What the background thread starts from. */
export interface BackgroundData {
  config: Config;
  /** The embedded sandbox gateway's address, when it runs (in the main thread). */
  sandboxUrl?: string;
}

export type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

/** Messages to the background thread. */
export type ToBackground =
  | LimiterReply
  | { type: 'kick'; loop: LoopName }
  | { type: 'metrics'; id: number }
  /** A workspace uninstalled or changed its gateway token: what the thread keeps of it goes. */
  | { type: 'forget'; teamId: string; gatewayToken?: string }
  /** A /qr's PNG to draw (qr-draws.ts). */
  | { type: 'drawQr'; id: number; url: string }
  | { type: 'stop' };

/** Messages from the background thread. */
export type FromBackground =
  | LimiterAsk
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'metrics'; id: number; metrics: MetricsJson }
  | QrDrawAnswer
  | { type: 'stopped' };

/** The answer to a `drawQr`: the PNG, its bytes' buffer transferred, or why it was not drawn. */
export type QrDrawAnswer =
  | { type: 'qrDrawn'; id: number; png: Uint8Array }
  | { type: 'qrNotDrawn'; id: number; message: string };
