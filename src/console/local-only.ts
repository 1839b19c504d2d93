import type { CustomRoute } from '@slack/bolt';
import { peerAddress } from '../slack/http-edge/peer-address.js';
import { sendJson } from './http.js';

/** A loopback peer address, IPv4 (also as IPv4-mapped IPv6) or IPv6. */
function isLoopback(address: string): boolean {
  const a = address.replace(/^::ffff:/i, '');
  return a === '::1' || /^127\./.test(a);
}

/**
 * The console acts as a workspace admin: only pages served by itself, on this machine, may drive
 * it. A request naming another host (DNS rebinding) or coming from another origin (a web page
 * the developer has open) is refused before anything runs, and so is a connection from any peer
 * but loopback or `publishedFrom` (the host that publishes a container's port): headers are the
 * client's to write, the socket's source address is not (as the ack thread saw it: its own
 * connection to the receiver's routes port is loopback; slack/http-edge/peer-address.ts).
 */
export function localOnly(
  routes: CustomRoute[],
  ports: number[],
  publishedFrom: readonly string[] = [],
): CustomRoute[] {
  const peers = new Set(publishedFrom);
  const fromHere = (address: string | undefined) =>
    !!address && (isLoopback(address) || peers.has(address.replace(/^::ffff:/i, '')));
  // `ports`: the one it listens on, and the one a container publishes it on (the browser's).
  const hosts = new Set(
    ports.flatMap((port) => [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]),
  );
  const origins = new Set([...hosts].map((h) => `http://${h}`));
  return routes.map((route) => ({
    ...route,
    handler: (req, res) => {
      const host = req.headers.host ?? '';
      const origin = req.headers.origin;
      if (
        !fromHere(peerAddress(req)) ||
        !hosts.has(host) ||
        (origin !== undefined && !origins.has(origin))
      ) {
        sendJson(res, 403, {
          ok: false,
          error: 'the local console only answers pages it served itself',
        });
        return;
      }
      route.handler(req, res);
    },
  }));
}
