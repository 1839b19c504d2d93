/**
 * Bolt runs every registered listener's matcher chain for every request (a few promises each), so
 * forty listeners cost a command forty chains before its ack. Each registry therefore registers one
 * listener whose pattern matches exactly its own names, and picks the handler from a map: a name
 * no registry knows still finds no listener, as before.
 */
export function exactly(names: Iterable<string>): RegExp {
  const escaped = [...names].map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  if (escaped.length === 0) return /(?!)/;
  return new RegExp(`^(?:${escaped.join('|')})$`);
}

/** The handler registered under `name` (own keys only). */
export function pick<T>(handlers: ReadonlyMap<string, T>, name: string | undefined): T | undefined {
  return name === undefined ? undefined : handlers.get(name);
}
