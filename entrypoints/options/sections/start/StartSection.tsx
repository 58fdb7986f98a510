import { useState, type ReactNode } from 'react';
import type { ConnectionStatus } from '@/lib/connection/connection-status';
import { t, type MessageKey } from '@/lib/i18n';
import { ConnectionForm } from '../connection/ConnectionForm';
import type { ApiPart } from '../connection/connection-form-state';
import { ImportSetup } from '../backup/ImportSetup';
import { SetupSummary } from './SetupSummary';

type Role = 'pages' | 'groups' | 'both';

const ROLES = [
  { value: 'pages', title: 'startRolePages', hint: 'startRolePagesHint' },
  { value: 'groups', title: 'startRoleGroups', hint: 'startRoleGroupsHint' },
  { value: 'both', title: 'startRoleBoth', hint: 'startRoleBothHint' },
] as const satisfies readonly { value: Role; title: MessageKey; hint: MessageKey }[];

const PARTS: Record<Role, readonly ApiPart[]> = {
  pages: ['project'],
  groups: ['userGroup'],
  both: ['userGroup', 'project'],
};
const STEP_HEADINGS = {
  pages: 'startByHandStep',
  groups: 'startGroupsStep',
  both: 'startBothStep',
} as const satisfies Record<Role, MessageKey>;

/** On first run the choice is the page; once something is set up it waits behind a disclosure. */
function RoleChoice({ open, children }: { open: boolean; children: ReactNode }) {
  if (open) return children;
  return (
    <details className="start-more">
      <summary>{t('startChangeSetup')}</summary>
      {children}
    </details>
  );
}

/** What is already set up says what the user does here; nothing set up asks. */
function roleOf(status: ConnectionStatus): Role | undefined {
  if (status.projectApiReady && status.userGroupApiReady) return 'both';
  if (status.userGroupApiReady) return 'groups';
  if (status.projectApiReady) return 'pages';
  return undefined;
}

/**
 * #start, the page the install opens (design.md §11): it asks what the user will do, and sets up
 * only that. Reviewers get the setup file an admin sent first, and the project API by hand second.
 */
export function StartSection({ status }: { status: ConnectionStatus }) {
  const [role, setRole] = useState(() => roleOf(status));
  const anythingReady = status.projectApiReady || status.userGroupApiReady;
  // Decided once: a first run keeps its choice and form in view while the user completes it.
  const [firstRun] = useState(!anythingReady);
  return (
    <section aria-labelledby="start-heading">
      <h2 id="start-heading">{t(anythingReady ? 'startHeading' : 'startWelcomeHeading')}</h2>
      {anythingReady ? <SetupSummary status={status} /> : <p>{t('startIntro')}</p>}
      <RoleChoice open={firstRun}>
        <fieldset className="role-choice">
          <legend>{t('startRoleQuestion')}</legend>
          {ROLES.map((option) => (
            <label key={option.value} className="role-option">
              <input
                type="radio"
                name="role"
                value={option.value}
                checked={role === option.value}
                onChange={() => setRole(option.value)}
              />
              <span>
                <span className="role-title">{t(option.title)}</span>
                <span className="hint">{t(option.hint)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {role !== undefined && role !== 'groups' && (
          <div className="start-step">
            <ImportSetup intro={t('startSetupFileHint')} />
          </div>
        )}
        {role !== undefined && (
          <div className="start-step">
            <h3>{t(STEP_HEADINGS[role])}</h3>
            <ConnectionForm key={role} status={status} parts={PARTS[role]} />
          </div>
        )}
      </RoleChoice>
    </section>
  );
}
