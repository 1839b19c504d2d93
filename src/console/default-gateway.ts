import { readFileSync } from 'node:fs';

/**
 * The IPv4 default gateways in Linux's routing table: inside a container, the host whose
 * published port forwards the browser's connections (Docker's bridge). Empty elsewhere, or when
 * the table cannot be read.
 */
export function defaultGateway(routeTable = '/proc/net/route'): string[] {
  let text: string;
  try {
    text = readFileSync(routeTable, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f[1] === '00000000' && f[2] && f[2] !== '00000000')
    .map((f) => {
      // Little-endian hex: 010200C0 is 192.0.2.1.
      const n = Number.parseInt(f[2]!, 16);
      return [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, n >>> 24].join('.');
    });
}
