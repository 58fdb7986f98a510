import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Fault, type Sandbox, type UserGroup } from '../../sandbox/server.ts';
import { createGroup, createGroupBody, userGroupCall, type Answer, type UserGroupAnswer } from './helpers.ts';

/**
 * "The service makes the change, then the answer is lost, garbled or a 5xx": with `afterProcessing`
 * the real handler runs first, so the state has changed, and the client still gets no usable answer.
 */
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

/** What the client got: an answer, or the error fetch threw (a TypeError for a dropped connection). */
type Outcome = { answer: Answer } | { error: unknown };

async function outcomeOf(request: Promise<Answer>): Promise<Outcome> {
  try {
    return { answer: await request };
  } catch (error) {
    return { error };
  }
}

/** The faults that take `afterProcessing`. */
type SpoilingFault = Extract<Fault, { afterProcessing?: boolean }>;

interface BadAnswerCase {
  title: string;
  fault: SpoilingFault;
  /** Checks that the client got nothing it could read as a success. */
  expectBad: (outcome: Outcome) => void;
}

const dropped = (outcome: Outcome) => {
  expect('error' in outcome && outcome.error).toBeInstanceOf(TypeError);
};
const answered = (outcome: Outcome): Answer => {
  if (!('answer' in outcome)) throw new Error(`expected an answer, fetch threw ${String(outcome.error)}`);
  return outcome.answer;
};

const CASES: BadAnswerCase[] = [
  { title: 'reset: the connection is dropped', fault: { kind: 'reset', afterProcessing: true }, expectBad: dropped },
  {
    title: 'hang with dropAfterMs: a stall, then the connection is dropped',
    fault: { kind: 'hang', dropAfterMs: 50, afterProcessing: true },
    expectBad: dropped,
  },
  ...([500, 502, 504] as const).map((status) => ({
    title: `html ${status}: an error page`,
    fault: { kind: 'html', status, afterProcessing: true } as const,
    expectBad: (outcome: Outcome) => {
      const answer = answered(outcome);
      expect(answer.status).toBe(status);
      expect(answer.json).toBeUndefined();
    },
  })),
  {
    title: 'malformedJson: 200 with truncated JSON',
    fault: { kind: 'malformedJson', afterProcessing: true },
    expectBad: (outcome) => {
      const answer = answered(outcome);
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('{"success": 1, "user_group": {');
      expect(answer.json).toBeUndefined();
    },
  },
  {
    title: 'wrongShape: 200 with JSON of another shape',
    fault: { kind: 'wrongShape', afterProcessing: true },
    expectBad: (outcome) => {
      const answer = answered(outcome);
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ ok: true, data: [] });
    },
  },
];

describe.each(CASES)('afterProcessing, $title', ({ fault, expectBad }) => {
  it('create: the group exists on the service, and a second create returns it', async () => {
    sandbox.setFault('userGroup.create', { ...fault, times: 1 });
    expectBad(await outcomeOf(userGroupCall(sandbox, createGroupBody('lost-create'))));
    const [created] = sandbox.groups();
    expect(created).toMatchObject({ provided_id: 'lost-create', api_environment_tag: 'Customer' });
    const again = (await userGroupCall(sandbox, createGroupBody('lost-create'))).json as UserGroupAnswer;
    expect(again).toMatchObject({ success: 1, new_user_group: false, user_group: { token: created!.token } });
  });

  it('rotate: the token changed on the service, the old one is refused', async () => {
    const group = await createGroup(sandbox, 'lost-rotate');
    sandbox.setFault('userGroup.rotate', { ...fault, times: 1 });
    expectBad(await outcomeOf(userGroupCall(sandbox, { current_token: group.token })));
    const [rotated] = sandbox.groups() as [UserGroup];
    expect(rotated.provided_id).toBe('lost-rotate');
    expect(rotated.token).not.toBe(group.token);
    expect((await userGroupCall(sandbox, { current_token: group.token })).json).toEqual({
      success: 0,
      message: 'No user group has this token',
    });
  });

  it('delete: the group is gone from the service', async () => {
    const group = await createGroup(sandbox, 'lost-delete');
    const kept = await createGroup(sandbox, 'kept');
    sandbox.setFault('userGroup.delete', { ...fault, times: 1 });
    expectBad(
      await outcomeOf(
        userGroupCall(sandbox, { current_token: group.token, user_group_id: 'lost-delete' }, { method: 'DELETE' }),
      ),
    );
    expect(sandbox.groups()).toEqual([kept]);
  });
});

describe('the same faults without afterProcessing change nothing', () => {
  it.each(CASES)('$title', async ({ fault, expectBad }) => {
    const group = await createGroup(sandbox, 'untouched');
    const before = sandbox.groups();
    for (const route of ['userGroup.create', 'userGroup.rotate', 'userGroup.delete'] as const) {
      sandbox.setFault(route, { ...fault, afterProcessing: false });
    }
    expectBad(await outcomeOf(userGroupCall(sandbox, createGroupBody('never'))));
    expectBad(await outcomeOf(userGroupCall(sandbox, { current_token: group.token })));
    expectBad(await outcomeOf(userGroupCall(sandbox, { current_token: group.token }, { method: 'DELETE' })));
    expect(sandbox.groups()).toEqual(before);
  });
});

describe('through the control endpoint', () => {
  it('POST /__control/faults sets an after-processing garbled answer on one route', async () => {
    const group = await createGroup(sandbox, 'controlled');
    const response = await fetch(`${sandbox.controlUrl}faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ route: 'userGroup.rotate', fault: { kind: 'malformedJson', afterProcessing: true } }),
    });
    expect(await response.json()).toEqual({ ok: true });
    const state = (await (await fetch(`${sandbox.controlUrl}state`)).json()) as { faults: unknown[] };
    expect(state.faults).toEqual([
      { route: 'userGroup.rotate', fault: { kind: 'malformedJson', afterProcessing: true } },
    ]);

    const answer = await userGroupCall(sandbox, { current_token: group.token });
    expect(answer.json).toBeUndefined();
    expect(sandbox.groups()[0]?.token).not.toBe(group.token);
    expect((await userGroupCall(sandbox, createGroupBody('other'))).status).toBe(200); // only its route
  });
});

describe('hang with dropAfterMs', () => {
  it('holds the request about that long, then drops the connection', async () => {
    sandbox.setFault('userGroup.create', { kind: 'hang', dropAfterMs: 120 });
    const started = performance.now();
    dropped(await outcomeOf(userGroupCall(sandbox, createGroupBody('stall'))));
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(sandbox.groups()).toEqual([]);
  });

  it('does not keep close() waiting', async () => {
    const own = await startSandbox();
    own.setFault('userGroup.create', { kind: 'hang', dropAfterMs: 60_000 });
    const pending = outcomeOf(userGroupCall(own, createGroupBody('closing')));
    for (let i = 0; i < 100 && own.requests.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    const started = performance.now();
    await own.close();
    expect(performance.now() - started).toBeLessThan(1000);
    dropped(await pending);
  });
});
