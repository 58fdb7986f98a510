// An init script for traced pages: records every call of the extension APIs a page makes while it loads
// (storage reads, messages to the background, tab reads, permission checks) with when it was made and
// when its answer arrived, so that a trace's "waiting" time can be told apart. It wraps `chrome.*`
// before the page's own scripts run (webextension-polyfill looks the methods up on each call).

export interface ApiCall {
  name: string;
  /** What was asked: the keys read, or the message's type (never a value: a message may carry a secret). */
  detail?: string;
  start: number;
  end: number;
}

export const API_PROBE = `(() => {
  const calls = (window.__apiCalls = []);
  const wrap = (object, method, name) => {
    const original = object && object[method];
    if (typeof original !== 'function') return;
    object[method] = function (...args) {
      const first = args[0];
      const detail = name.startsWith('storage')
        ? [].concat(typeof first === 'object' && first !== null && !Array.isArray(first) ? Object.keys(first) : first ?? []).join(',').slice(0, 80)
        : first && typeof first === 'object' && typeof first.type === 'string' ? first.type : '';
      const call = { name, detail, start: performance.now(), end: NaN };
      calls.push(call);
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (...answer) => { call.end = performance.now(); return last(...answer); };
        return original.apply(this, args);
      }
      const answer = original.apply(this, args);
      if (answer && typeof answer.then === 'function') answer.then(() => { call.end = performance.now(); }, () => { call.end = performance.now(); });
      return answer;
    };
  };
  if (typeof chrome === 'undefined' || !chrome.runtime) return;
  wrap(chrome.storage && chrome.storage.local, 'get', 'storage.local.get');
  wrap(chrome.storage && chrome.storage.local, 'set', 'storage.local.set');
  wrap(chrome.storage && chrome.storage.session, 'get', 'storage.session.get');
  wrap(chrome.runtime, 'sendMessage', 'runtime.sendMessage');
  wrap(chrome.tabs, 'get', 'tabs.get');
  wrap(chrome.tabs, 'query', 'tabs.query');
  wrap(chrome.permissions, 'contains', 'permissions.contains');
})();`;
