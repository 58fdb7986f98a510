import type { IncomingHttpHeaders } from 'node:http';
import type { RecordedRequest, RouteName } from './types.ts';

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** Keeps every API request. The array is cleared in place so references held by tests stay live. */
export class RequestRecorder {
  readonly requests: RecordedRequest[] = [];

  record(entry: {
    method: string;
    path: string;
    route: RouteName | null;
    headers: IncomingHttpHeaders;
    body: string;
    time: number;
  }): void {
    this.requests.push({ ...entry, headers: flattenHeaders(entry.headers) });
  }

  clear(): void {
    this.requests.length = 0;
  }
}
