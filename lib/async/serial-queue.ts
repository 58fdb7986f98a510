/**
 * Runs tasks one after another, each once every task queued before it has settled; a failure is
 * passed to its own caller and does not stop the ones after it. The one way this project serializes
 * read-modify-write changes (a registry part, the credentials, the list of workspaces…).
 */
export function createSerialQueue(start: Promise<unknown> = Promise.resolve()) {
  let tail: Promise<unknown> = start;
  return function serially<T>(task: () => Promise<T>): Promise<T> {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}

export type SerialQueue = ReturnType<typeof createSerialQueue>;
