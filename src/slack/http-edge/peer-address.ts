import type { IncomingMessage } from 'node:http';

/** The client's address of a request the ack thread passed on (set by the receiver only). */
const PEER = Symbol('peer address');

type Tagged = IncomingMessage & { [PEER]?: string };

/**
 * The address of the client that sent `req`: for a request the ack thread passed on to the
 * receiver's routes port, the address the thread saw (the routes port only ever sees the thread's
 * own loopback connection); otherwise the socket's. Headers are the client's to write; this is
 * not (console/local-only.ts decides on it).
 */
export function peerAddress(req: IncomingMessage): string | undefined {
  return (req as Tagged)[PEER] ?? req.socket.remoteAddress;
}

/** Marks `req` as sent by `address` (slack-receiver.ts, for what its ack thread passed on). */
export function setPeerAddress(req: IncomingMessage, address: string | undefined): void {
  (req as Tagged)[PEER] = address;
}
