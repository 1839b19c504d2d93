// Loader hooks for loaded-modules.mjs: reports each module URL as it is loaded.
let port;

export function initialize(data) {
  port = data.port;
}

export async function load(url, context, nextLoad) {
  port.postMessage(url);
  return nextLoad(url, context);
}
