// Every problem code of the policy becomes a translated sentence that names the value.
import { describe, expect, it } from 'vitest';
import { policyProblemText } from '@/entrypoints/options/page/policy-problem-text';
import { parsePolicy } from '@/lib/policy/parse-policy';
import { addressReasonSchema, policyProblemCodeSchema, type PolicyProblem } from '@/lib/storage/policy-status';

describe('policy problems as sentences', () => {
  it('has a sentence for every code, naming the path, with no placeholder left', () => {
    for (const code of policyProblemCodeSchema.options) {
      const problem: PolicyProblem = {
        code,
        path: 'workspaces[3].name',
        ignored: 'value',
        limit: 100,
        count: 2,
        firstPath: 'workspaces[0]',
        expected: 'string',
      };
      const text = policyProblemText(problem);
      if (code !== 'more-problems') expect(text, code).toContain('workspaces[3].name');
      expect(text, code).not.toMatch(/\$|undefined/);
    }
    for (const reason of addressReasonSchema.options) {
      expect(policyProblemText({ code: 'invalid-address', path: 'p', ignored: 'value', reason })).toMatch(
        /^p was ignored: \S/,
      );
    }
  });

  it('says why, for the problems of a real policy', () => {
    const { problems } = parsePolicy({
      workspaces: [
        { name: 'A', projectApiUrl: 'http://far.example/x' },
        { name: 'a', projectApiUrl: 'https://ok.example' },
      ],
      lockWorkspaces: 'yes',
    });
    expect(problems.map(policyProblemText)).toEqual([
      'workspaces[0].projectApiUrl was ignored: plain http is allowed only for localhost and 127.0.0.1; use https.',
      'workspaces[0] has neither a usable project API address nor a user group API address, so the workspace was ignored.',
      'lockWorkspaces has the wrong type (it should be a JSON boolean) and was ignored.',
    ]);
    expect(policyProblemText({ code: 'wrong-type', path: '', ignored: 'value', expected: 'object' })).toBe(
      'The policy itself has the wrong type (it should be a JSON object) and was ignored.',
    );
  });
});
