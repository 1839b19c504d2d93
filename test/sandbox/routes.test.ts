import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES, operations } from '../../src/gateway/operations/index.js';
import { ROUTES, type Route, SANDBOX_OPS } from '../../src/sandbox/routes.js';

const routes: Readonly<Record<string, Route | undefined>> = ROUTES;

// The sandbox and the gateway client are written separately from the gateway's document; here
// the two readings meet, so an operation added to one and not the other is named.
describe('the sandbox routes and the gateway client', () => {
  it('know the same operations, in the same order', () => {
    expect([...SANDBOX_OPS]).toEqual([...OPERATION_NAMES]);
  });

  it.each(OPERATION_NAMES)('serve %s at the method, path and encoding the client uses', (name) => {
    const op = operations[name];
    const route = routes[name];
    expect(route, `src/sandbox/routes.ts has no entry for ${name}`).toBeDefined();
    expect({ method: route?.method, path: route?.path, body: route?.body }).toEqual({
      method: op.method,
      path: op.path,
      body: op.encoding,
    });
  });

  it('charge by default for every paid operation and nothing for the free one', () => {
    for (const name of OPERATION_NAMES) {
      const charge = routes[name]?.charge ?? -1;
      expect(charge > 0, name).toBe(operations[name].paid);
    }
  });
});
