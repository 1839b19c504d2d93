import type { CustomRoute } from '@slack/bolt';
import type { PageAsset } from './assets.js';
import { param, sendJson } from './http.js';
import type { LocalSlack } from './local-slack.js';
import type { PageJson } from './page-json.js';
import type { SseHub } from './sse-hub.js';

// The page builds everything through the DOM; this keeps any slip from running injected script.
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https: http:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

const FILE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

/** The page itself, its live event stream, a JSON snapshot and uploaded files. */
export function pageRoutes(deps: {
  assets: Map<string, PageAsset>;
  local: LocalSlack;
  page: PageJson;
  hub: SseHub;
}): CustomRoute[] {
  const asset =
    (name: string): CustomRoute['handler'] =>
    (_req, res) => {
      const found = deps.assets.get(name);
      if (!found) return sendJson(res, 404, { ok: false, error: 'not_found' });
      res.writeHead(200, {
        'content-type': found.contentType,
        'cache-control': 'no-store',
        'content-security-policy': CSP,
        'x-content-type-options': 'nosniff',
      });
      res.end(found.body);
    };
  return [
    { path: '/', method: ['GET'], handler: asset('index.html') },
    {
      path: '/console/events',
      method: ['GET'],
      handler: (_req, res) => deps.hub.open(res, { event: 'snapshot', data: deps.page.snapshot() }),
    },
    {
      path: '/console/state',
      method: ['GET'],
      handler: (_req, res) => sendJson(res, 200, deps.page.snapshot()),
    },
    {
      path: '/console/files/:id',
      method: ['GET'],
      handler: (req, res) => {
        const id = param(req, 'id');
        const file = deps.local.state.files.get(id);
        if (!file?.uploaded) return sendJson(res, 404, { ok: false, error: 'file_not_found' });
        const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
        const type = FILE_TYPES[ext] ?? 'application/octet-stream';
        res.writeHead(200, {
          'content-type': type,
          'content-length': String(file.bytes.length),
          'x-content-type-options': 'nosniff',
          // An SVG opened directly must not run script with the console's origin.
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
          ...(type.startsWith('image/') ? {} : { 'content-disposition': 'attachment' }),
        });
        res.end(file.bytes);
      },
    },
    {
      path: '/console/:asset',
      method: ['GET'],
      handler: (req, res) => {
        const name = param(req, 'asset');
        // index.html is only served at /.
        return asset(name === 'index.html' ? '' : name)(req, res);
      },
    },
  ];
}
