import type { AppDeps } from '../deps.js';

/**
 * One `create(deps)` per app: a feature's state (its in-flight page loads) shared by its command
 * and its buttons without a central list of features to keep in step.
 */
export function perDeps<T>(create: (deps: AppDeps) => T): (deps: AppDeps) => T {
  const made = new WeakMap<AppDeps, T>();
  return (deps) => {
    let value = made.get(deps);
    if (value === undefined) {
      value = create(deps);
      made.set(deps, value);
    }
    return value;
  };
}
