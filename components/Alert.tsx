import type { ReactNode } from 'react';

/** Errors: announced at once (role=alert). */
export function Alert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="alert">
      {children}
    </div>
  );
}

/** Successes and progress: announced politely (role=status). */
export function StatusMessage({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="status">
      {children}
    </div>
  );
}
