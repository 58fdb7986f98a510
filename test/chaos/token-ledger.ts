import type { ExtensionStorage } from '../e2e/fixtures/service-worker.ts';
import type { Sandbox } from '../e2e/fixtures/sandbox.ts';
import { entriesOf, type TokenHistory } from './invariants.ts';

/**
 * What the chaos run learns about tokens as it goes, for the invariants of issue 41 (invariants.ts):
 * when each token was first seen (on a service, in a registry, in a backup file: the number of the check
 * it was first seen at; a token seen at an earlier check is older), each group's registry token at the
 * checks where it could be read (not sealed), and the new tokens rotation jobs gave groups.
 */
export class TokenLedger implements TokenHistory {
  readonly seen = new Map<string, number>();
  readonly previous = new Map<string, string>();
  readonly jobTokens = new Map<string, Map<string, string>>();
  #check = 0;

  /** Tokens seen now: those never seen before belong to this check. */
  see(tokens: Iterable<string>): void {
    for (const token of tokens) if (token !== '' && !this.seen.has(token)) this.seen.set(token, this.#check);
  }

  /** Before a check: every token each service and each registry holds now. */
  seeAll(storage: ExtensionStorage, workspaces: readonly { id: string; sandbox: Sandbox }[]): void {
    for (const { id, sandbox } of workspaces) {
      this.see(sandbox.groups().map((group) => group.token));
      this.see(entriesOf(storage.local, id).map(({ entry }) => entry.token));
    }
  }

  /** After a check: each group's registry token where it is in clear; the next check is a later one. */
  remember(storage: ExtensionStorage, workspaceIds: readonly string[]): void {
    for (const workspaceId of workspaceIds)
      for (const { entry } of entriesOf(storage.local, workspaceId))
        if (entry.token !== '')
          this.previous.set(`${workspaceId} ${entry.environment}:${entry.provided_id}`, entry.token);
    this.#check += 1;
  }

  /** A rotation job gave this group this token: its workspace's rotation results must hold it. */
  noteJobToken(workspaceId: string, key: string, token: string): void {
    const tokens = this.jobTokens.get(workspaceId) ?? new Map<string, string>();
    tokens.set(key, token);
    this.jobTokens.set(workspaceId, tokens);
  }
}
