// The answer of an operation whose failures are codes, not sentences: the UI translates the code (and
// its data) into a message in the user's language. Same `ok` discriminant as Result in ../result.ts,
// which carries English text for errors that cross the message boundary.

export type Outcome<T, P> = { ok: true; value: T } | { ok: false; problem: P };

export const success = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const failure = <P>(problem: P): { ok: false; problem: P } => ({ ok: false, problem });
