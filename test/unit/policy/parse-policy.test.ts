// The organisation policy as storage.managed hands it over: every bad value is left out on its own with
// a problem (a code and a path, never a sentence or a secret), and nothing throws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePolicy } from '@/lib/policy/parse-policy';
import {
  EMPTY_POLICY,
  MAX_MANAGED_WORKSPACES,
  MAX_POLICY_PROBLEMS,
  MAX_SECRET_LENGTH,
  MAX_WORKSPACE_NAME_LENGTH,
  parsedPolicySchema,
} from '@/lib/policy/policy-schema';
import { MAX_ADDRESS_LENGTH } from '@/lib/url/address-length';

const PROJECT = 'https://reviews.example.com/project-api';
const GROUPS = 'https://groups.example.com';
const full = {
  name: 'Acme',
  projectApiUrl: PROJECT,
  userGroupBaseUrl: GROUPS,
  apiKey: 'key-1',
  authToken: 'auth-1',
  apiToken: 'tok-1',
};
const only = (workspace: Record<string, unknown>) => parsePolicy({ workspaces: [workspace] });

describe('a valid policy', () => {
  it('gives every workspace, normalised, and the lock, with no problem', () => {
    const result = parsePolicy({
      workspaces: [
        { ...full, name: '  Acme  ', projectApiUrl: `${PROJECT}/`, userGroupBaseUrl: ` ${GROUPS}/ ` },
        { name: 'Reviewers only', projectApiUrl: 'http://127.0.0.1:8787/projects' },
        { name: 'Groups only', userGroupBaseUrl: 'http://localhost:8787' },
      ],
      lockWorkspaces: true,
    });
    expect(result).toEqual({
      workspaces: [
        full,
        {
          name: 'Reviewers only',
          projectApiUrl: 'http://127.0.0.1:8787/projects',
          userGroupBaseUrl: '',
          apiKey: '',
          authToken: '',
          apiToken: '',
        },
        {
          name: 'Groups only',
          projectApiUrl: '',
          userGroupBaseUrl: 'http://localhost:8787',
          apiKey: '',
          authToken: '',
          apiToken: '',
        },
      ],
      locked: true,
      problems: [],
    });
  });

  it('leaves secrets out when the policy does (users type them), trimming those it gives', () => {
    expect(only({ name: 'A', projectApiUrl: PROJECT, apiKey: ' key ', authToken: '' }).workspaces[0]).toMatchObject({
      apiKey: 'key',
      authToken: '',
    });
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an empty object (Chrome without policy)', {}],
    ['keys set to null', { workspaces: null, lockWorkspaces: null }],
  ])('%s is no policy', (_label, raw) => {
    expect(parsePolicy(raw)).toEqual(EMPTY_POLICY);
  });

  it('reads lockWorkspaces without workspaces, and false', () => {
    expect(parsePolicy({ lockWorkspaces: true })).toEqual({ workspaces: [], locked: true, problems: [] });
    expect(parsePolicy({ lockWorkspaces: false, workspaces: [] })).toEqual(EMPTY_POLICY);
  });
});

describe('wrong types', () => {
  it.each([
    ['a string', 'workspaces'],
    ['an array', [1]],
    ['a number', 3],
  ])('the whole policy as %s', (_label, raw) => {
    expect(parsePolicy(raw)).toEqual({
      ...EMPTY_POLICY,
      problems: [{ code: 'wrong-type', path: '', ignored: 'value', expected: 'object' }],
    });
  });

  it('workspaces that is not a list is ignored; the lock still applies', () => {
    expect(parsePolicy({ workspaces: { name: 'A' }, lockWorkspaces: true })).toEqual({
      workspaces: [],
      locked: true,
      problems: [{ code: 'wrong-type', path: 'workspaces', ignored: 'value', expected: 'array' }],
    });
  });

  it.each(['true', 1, 'yes'])('lockWorkspaces %j is ignored (not locked)', (lock) => {
    expect(parsePolicy({ workspaces: [full], lockWorkspaces: lock })).toEqual({
      workspaces: [full],
      locked: false,
      problems: [{ code: 'wrong-type', path: 'lockWorkspaces', ignored: 'value', expected: 'boolean' }],
    });
  });

  it('an entry that is not an object costs only itself', () => {
    const result = parsePolicy({ workspaces: ['Acme', null, [full], full] });
    expect(result.workspaces).toEqual([full]);
    expect(result.problems).toEqual(
      [0, 1, 2].map((index) => ({
        code: 'wrong-type',
        path: `workspaces[${index}]`,
        ignored: 'workspace',
        expected: 'object',
      })),
    );
  });

  it('a name that is not text drops its workspace', () => {
    expect(only({ ...full, name: 42 })).toEqual({
      ...EMPTY_POLICY,
      problems: [{ code: 'wrong-type', path: 'workspaces[0].name', ignored: 'workspace', expected: 'string' }],
    });
  });

  it('an address or a secret that is not text is ignored alone', () => {
    const result = only({ ...full, userGroupBaseUrl: ['https://x.example'], apiKey: 12345 });
    expect(result.workspaces).toEqual([{ ...full, userGroupBaseUrl: '', apiKey: '', apiToken: '' }]);
    expect(result.problems).toEqual([
      { code: 'wrong-type', path: 'workspaces[0].userGroupBaseUrl', ignored: 'value', expected: 'string' },
      { code: 'wrong-type', path: 'workspaces[0].apiKey', ignored: 'value', expected: 'string' },
      // The user-group address is gone, so its token has nowhere to go.
      { code: 'secret-without-address', path: 'workspaces[0].apiToken', ignored: 'value' },
    ]);
  });
});

describe('unknown keys', () => {
  it('are ignored one by one, at the top and in a workspace, named in the path', () => {
    const result = parsePolicy({
      workspaces: [{ ...full, colour: 'red', 'api key': 'x' }],
      lockWorkspace: true,
      Workspaces: [],
    });
    expect(result.workspaces).toEqual([full]);
    expect(result.problems).toEqual([
      { code: 'unknown-key', path: 'workspaces[0].colour', ignored: 'value' },
      { code: 'unknown-key', path: 'workspaces[0]["api key"]', ignored: 'value' },
      { code: 'unknown-key', path: 'lockWorkspace', ignored: 'value' },
      { code: 'unknown-key', path: 'Workspaces', ignored: 'value' },
    ]);
  });

  it('a huge key name is cut short in the path', () => {
    const [problem] = parsePolicy({ ['k'.repeat(5000)]: 1 }).problems;
    expect(problem?.path).toBe(`["${'k'.repeat(64)}…"]`);
  });
});

describe('the cap on workspaces', () => {
  it(`reads the first ${MAX_MANAGED_WORKSPACES} entries and says how many were not read`, () => {
    const entries = Array.from({ length: MAX_MANAGED_WORKSPACES + 7 }, (_, index) => ({
      name: `W${index}`,
      projectApiUrl: PROJECT,
    }));
    const result = parsePolicy({ workspaces: entries });
    expect(result.workspaces).toHaveLength(MAX_MANAGED_WORKSPACES);
    expect(result.workspaces.at(-1)?.name).toBe(`W${MAX_MANAGED_WORKSPACES - 1}`);
    expect(result.problems).toEqual([
      {
        code: 'too-many-workspaces',
        path: 'workspaces',
        ignored: 'workspace',
        limit: MAX_MANAGED_WORKSPACES,
        count: 7,
      },
    ]);
  });

  it('exactly the cap is fine', () => {
    const entries = Array.from({ length: MAX_MANAGED_WORKSPACES }, (_, index) => ({
      name: `W${index}`,
      projectApiUrl: PROJECT,
    }));
    expect(parsePolicy({ workspaces: entries }).problems).toEqual([]);
  });
});

describe('over-long texts', () => {
  it('a name over the limit drops its workspace; at the limit it is kept', () => {
    expect(only({ ...full, name: 'n'.repeat(MAX_WORKSPACE_NAME_LENGTH) }).workspaces).toHaveLength(1);
    expect(only({ ...full, name: 'n'.repeat(MAX_WORKSPACE_NAME_LENGTH + 1) }).problems).toEqual([
      { code: 'too-long', path: 'workspaces[0].name', ignored: 'workspace', limit: MAX_WORKSPACE_NAME_LENGTH },
    ]);
  });

  it('an address or a secret over the limit is ignored alone', () => {
    const result = only({
      ...full,
      projectApiUrl: `https://x.example/${'a'.repeat(MAX_ADDRESS_LENGTH)}`,
      apiToken: 't'.repeat(MAX_SECRET_LENGTH + 1),
    });
    expect(result.workspaces).toEqual([{ ...full, projectApiUrl: '', apiKey: '', authToken: '', apiToken: '' }]);
    expect(result.problems).toEqual([
      { code: 'too-long', path: 'workspaces[0].projectApiUrl', ignored: 'value', limit: MAX_ADDRESS_LENGTH },
      { code: 'secret-without-address', path: 'workspaces[0].apiKey', ignored: 'value' },
      { code: 'secret-without-address', path: 'workspaces[0].authToken', ignored: 'value' },
      { code: 'too-long', path: 'workspaces[0].apiToken', ignored: 'value', limit: MAX_SECRET_LENGTH },
    ]);
  });
});

describe('names', () => {
  it.each([
    ['missing', { projectApiUrl: PROJECT }],
    ['empty', { name: '', projectApiUrl: PROJECT }],
    ['blank', { name: '   ', projectApiUrl: PROJECT }],
  ])('%s: the workspace is ignored', (_label, workspace) => {
    expect(only(workspace)).toEqual({
      ...EMPTY_POLICY,
      problems: [{ code: 'empty-name', path: 'workspaces[0].name', ignored: 'workspace' }],
    });
  });

  it('a control character inside the name drops the workspace', () => {
    expect(only({ ...full, name: 'Ac\tme' }).problems).toEqual([
      { code: 'invalid-name', path: 'workspaces[0].name', ignored: 'workspace' },
    ]);
  });

  it('a duplicate (ignoring case and spaces) is ignored; the first one stays', () => {
    const result = parsePolicy({
      workspaces: [full, { name: 'Other', projectApiUrl: PROJECT }, { name: ' ACME ', userGroupBaseUrl: GROUPS }],
    });
    expect(result.workspaces.map((workspace) => workspace.name)).toEqual(['Acme', 'Other']);
    expect(result.problems).toEqual([
      { code: 'duplicate-name', path: 'workspaces[2]', ignored: 'workspace', firstPath: 'workspaces[0]' },
    ]);
  });

  it('a name first used by an entry that was ignored is free for the next one', () => {
    const result = parsePolicy({ workspaces: [{ name: 'Acme' }, full] });
    expect(result.workspaces).toEqual([full]);
    expect(result.problems).toEqual([{ code: 'no-address', path: 'workspaces[0]', ignored: 'workspace' }]);
  });
});

describe('addresses', () => {
  it.each([
    ['plain http off this computer', 'http://reviews.example.com', 'plain-http'],
    ['http on a LAN address', 'http://192.168.1.10:8080', 'plain-http'],
    ['not an address', 'reviews.example.com', 'malformed'],
    ['ftp', 'ftp://files.example.com', 'not-https'],
    ['javascript', 'javascript:alert(1)', 'not-https'],
    ['a user name', 'https://user:pw@reviews.example.com', 'user-info'],
    ['a query', 'https://reviews.example.com/?key=1', 'query-or-fragment'],
    ['a fragment', 'https://reviews.example.com/#x', 'query-or-fragment'],
    ['IPv6 loopback', 'http://[::1]:8787', 'other'],
  ])('%s is refused with its reason; the other API stays', (_label, address, reason) => {
    const result = only({ ...full, projectApiUrl: address });
    expect(result.workspaces).toEqual([{ ...full, projectApiUrl: '', apiKey: '', authToken: '' }]);
    expect(result.problems[0]).toEqual({
      code: 'invalid-address',
      path: 'workspaces[0].projectApiUrl',
      ignored: 'value',
      reason,
    });
  });

  it('a workspace with neither address is ignored', () => {
    expect(only({ name: 'Acme', apiKey: 'k' })).toEqual({
      ...EMPTY_POLICY,
      problems: [{ code: 'no-address', path: 'workspaces[0]', ignored: 'workspace' }],
    });
  });

  it('a workspace whose only address is refused is ignored, with both reasons', () => {
    expect(only({ name: 'Acme', projectApiUrl: 'http://reviews.example.com' }).problems).toEqual([
      { code: 'invalid-address', path: 'workspaces[0].projectApiUrl', ignored: 'value', reason: 'plain-http' },
      { code: 'no-address', path: 'workspaces[0]', ignored: 'workspace' },
    ]);
  });
});

describe('secrets', () => {
  it('a secret with a character an HTTP header cannot carry is ignored alone', () => {
    const result = only({ ...full, authToken: 'abc\r\nX-Evil: 1', apiKey: 'clé' });
    expect(result.workspaces).toEqual([{ ...full, apiKey: '', authToken: '' }]);
    expect(result.problems).toEqual([
      { code: 'invalid-secret', path: 'workspaces[0].apiKey', ignored: 'value' },
      { code: 'invalid-secret', path: 'workspaces[0].authToken', ignored: 'value' },
    ]);
  });

  it('a secret for an API without an address is ignored', () => {
    expect(only({ name: 'A', projectApiUrl: PROJECT, apiToken: 'tok' }).problems).toEqual([
      { code: 'secret-without-address', path: 'workspaces[0].apiToken', ignored: 'value' },
    ]);
  });

  it('no problem ever carries a secret', () => {
    const secret = 'sekrit-\u00e9-value';
    const result = only({ ...full, apiKey: secret, authToken: `${secret}\n`, apiToken: 42 });
    expect(JSON.stringify(result.problems)).not.toContain('sekrit');
  });
});

describe('project link', () => {
  const LINK = 'https://reviews.example.com/app/projects/{projectId}';

  it('is kept, trimmed, when it passes the same check as in the options page', () => {
    expect(only({ ...full, projectLink: `  ${LINK} ` })).toEqual({
      workspaces: [{ ...full, projectLink: LINK }],
      locked: false,
      problems: [],
    });
  });

  it('is absent when the policy leaves it out, empty or null: the user sets it (and fingerprints stay as before)', () => {
    for (const projectLink of [undefined, null, '', '   ']) {
      const result = only({ ...full, projectLink });
      expect(result.workspaces).toEqual([full]);
      expect(result.workspaces[0]).not.toHaveProperty('projectLink');
      expect(result.problems).toEqual([]);
    }
  });

  it.each([
    ['no {projectId}', 'https://reviews.example.com/app/projects/'],
    ['plain http off this computer', 'http://reviews.example.com/{projectId}'],
    ['a javascript: link', 'javascript:alert("{projectId}")'],
    ['the id in the host', 'https://{projectId}.example.com/'],
  ])('%s: ignored alone, the workspace stays', (_label, projectLink) => {
    expect(only({ ...full, projectLink })).toEqual({
      workspaces: [full],
      locked: false,
      problems: [{ code: 'invalid-project-link', path: 'workspaces[0].projectLink', ignored: 'value' }],
    });
  });

  it('a link that is not text, or over the limit, is ignored alone', () => {
    expect(only({ ...full, projectLink: 42 }).problems).toEqual([
      { code: 'wrong-type', path: 'workspaces[0].projectLink', ignored: 'value', expected: 'string' },
    ]);
    const long = `https://reviews.example.com/${'x'.repeat(MAX_ADDRESS_LENGTH)}/{projectId}`;
    expect(only({ ...full, projectLink: long })).toEqual({
      workspaces: [full],
      locked: false,
      problems: [{ code: 'too-long', path: 'workspaces[0].projectLink', ignored: 'value', limit: MAX_ADDRESS_LENGTH }],
    });
  });
});

describe('many problems', () => {
  it(`lists ${MAX_POLICY_PROBLEMS}, then says how many more`, () => {
    const raw = Object.fromEntries(
      Array.from({ length: MAX_POLICY_PROBLEMS + 30 }, (_, index) => [`extra${index}`, index]),
    );
    const { problems } = parsePolicy({ ...raw, workspaces: [full] });
    expect(problems).toHaveLength(MAX_POLICY_PROBLEMS + 1);
    expect(problems.at(-1)).toEqual({ code: 'more-problems', path: '', ignored: 'none', count: 30 });
  });
});

describe('whatever arrives', () => {
  it('never throws, and answers in the shape pages validate', () => {
    const workspace = fc.dictionary(
      fc.constantFrom('name', 'projectApiUrl', 'userGroupBaseUrl', 'apiKey', 'authToken', 'apiToken', 'x'),
      fc.jsonValue(),
    );
    const policy = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          workspaces: fc.oneof(fc.array(fc.oneof(workspace, fc.jsonValue())), fc.jsonValue()),
          lockWorkspaces: fc.jsonValue(),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(policy, (raw) => {
        const result = parsePolicy(raw);
        expect(parsedPolicySchema.safeParse(result).success).toBe(true);
        expect(result.workspaces.length).toBeLessThanOrEqual(MAX_MANAGED_WORKSPACES);
      }),
    );
  });
});
