import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, ListenOptions } from 'node:net';
import type { CustomRoute } from '@slack/bolt';
import { match } from 'path-to-regexp';
import { answerNoBody } from './http-answers.js';
import { type HttpLimits, serverOptions } from './http-limits.js';

/**
 * Routes of Bolt's `CustomRoute` shape (health, readiness, metrics, the console), matched as Bolt's
 * receivers match them (path-to-regexp, `params` set on the request).
 */
export class CustomRoutes {
  private readonly table: {
    method: string;
    matches: ReturnType<typeof match>;
    handler: CustomRoute['handler'];
  }[];

  constructor(routes: CustomRoute[]) {
    this.table = routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
        method: method.toUpperCase(),
        matches: match(route.path, { decode: decodeURIComponent }),
        handler: route.handler,
      })),
    );
  }

  /** Serves the request when a route matches; false when none does. */
  serve(req: IncomingMessage, res: ServerResponse, path: string, method: string): boolean {
    for (const route of this.table) {
      const found = route.method === method ? route.matches(path) : false;
      if (found) {
        const params: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(found.params)) {
          if (value !== undefined) params[name] = value;
        }
        route.handler(Object.assign(req, { params }) as Parameters<CustomRoute['handler']>[0], res);
        return true;
      }
    }
    return false;
  }
}

/** An HTTP server with the limits of http-limits.ts, listening; rejects if it cannot listen. */
export function listenWithLimits(
  listener: RequestListener,
  limits: HttpLimits,
  listen: ListenOptions,
): Promise<Server> {
  const server = createServer(serverOptions(limits), listener);
  server.maxConnections = limits.maxConnections;
  return new Promise<Server>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** Stops taking connections; idle kept-alive ones close now, busy ones after their answer. */
export function closeServer(server: Server | undefined): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  return new Promise<void>((done) => {
    server.close(() => done());
    server.closeIdleConnections();
  });
}

export function addressOf(server: Server | undefined): AddressInfo | undefined {
  return (server?.address() as AddressInfo | null | undefined) ?? undefined;
}

/**
 * Socket Mode's port: Slack's requests come over the socket (Bolt's SocketModeReceiver), and this
 * serves the custom routes (health, readiness, metrics) with the same limits.
 */
export class RoutesServer {
  private server: Server | undefined;
  private readonly routes: CustomRoutes;

  constructor(
    routes: CustomRoute[],
    private readonly limits: HttpLimits,
    private readonly listen: ListenOptions,
  ) {
    this.routes = new CustomRoutes(routes);
  }

  async start(): Promise<void> {
    this.server = await listenWithLimits(
      (req, res) => {
        const path = req.url?.split('?', 1)[0] ?? '/';
        if (!this.routes.serve(req, res, path, req.method?.toUpperCase() ?? 'GET')) {
          answerNoBody(res, 404);
        }
      },
      this.limits,
      this.listen,
    );
  }

  stop(): Promise<void> {
    return closeServer(this.server);
  }

  port(): number | undefined {
    return addressOf(this.server)?.port;
  }

  address(): AddressInfo | undefined {
    return addressOf(this.server);
  }
}
