import { plural, t, type MessageKey } from '@/lib/i18n';
import { type AddressReason, type PolicyProblem } from '@/lib/storage/policy-status';

const REASON: Record<AddressReason, MessageKey> = {
  malformed: 'policyReasonMalformed',
  'not-https': 'policyReasonNotHttps',
  'plain-http': 'policyReasonPlainHttp',
  'user-info': 'policyReasonUserInfo',
  'query-or-fragment': 'policyReasonQueryOrFragment',
  other: 'policyReasonOther',
};

/** One policy problem as a sentence for the administrator: which value, and why it was ignored. */
export function policyProblemText(problem: PolicyProblem): string {
  const path = problem.path || t('policyWholePolicy');
  switch (problem.code) {
    case 'wrong-type':
      return problem.expected ? t('policyWrongType', path, problem.expected) : t('policyWrongTypeAny', path);
    case 'unknown-key':
      return t('policyUnknownKey', path);
    case 'too-many-workspaces':
      return plural('policyTooMany', problem.count ?? 0, path, problem.limit ?? 0);
    case 'too-long':
      return t('policyTooLong', path, problem.limit ?? 0);
    case 'empty-name':
      return t('policyEmptyName', path);
    case 'invalid-name':
      return t('policyInvalidName', path);
    case 'duplicate-name':
      return t('policyDuplicateName', path, problem.firstPath ?? '');
    case 'invalid-address':
      return t('policyInvalidAddress', path, t(REASON[problem.reason ?? 'other']));
    case 'no-address':
      return t('policyNoAddress', path);
    case 'invalid-secret':
      return t('policyInvalidSecret', path);
    case 'secret-without-address':
      return t('policySecretWithoutAddress', path);
    case 'invalid-project-link':
      return t('policyInvalidProjectLink', path);
    case 'invalid-rotation-days':
      return t('policyInvalidRotationDays', path);
    case 'more-problems':
      return plural('policyMoreProblems', problem.count ?? 0);
  }
}
