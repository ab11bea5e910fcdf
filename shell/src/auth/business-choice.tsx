import { useEffect, useRef, useState } from 'react';
import { ROLE_LABELS, businessApi, errorMessage, type Profile } from '@bahi/shared';
import { AuthLayout } from './auth-layout';

/**
 * After the code, for a number that is a user of several businesses: which one to open. The session already
 * started in the one used last (marked, and focused); choosing another starts a session there instead.
 */
export function BusinessChoice({ profile, onChosen }: { profile: Profile; onChosen: (profile: Profile) => void }) {
  const current = profile.user.business.id;
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const firstRef = useRef<HTMLButtonElement>(null);

  useEffect(() => firstRef.current?.focus(), []);

  const choose = async (id: string) => {
    if (busy) return;
    if (id === current) {
      onChosen(profile);
      return;
    }
    setBusy(id);
    setError(null);
    try {
      onChosen(await businessApi.switchTo(id));
    } catch (e) {
      setBusy(null);
      setError(errorMessage(e, 'Could not open that business. Try again.'));
    }
  };

  const businesses = [...(profile.businesses ?? [])].sort((a, b) => (a.id === current ? -1 : b.id === current ? 1 : 0));
  return (
    <AuthLayout title="Choose a business" subtitle="Your number is a user of more than one business.">
      <div className="bahi-form" role="group" aria-label="Your businesses" aria-busy={busy !== null}>
        {businesses.map((b, i) => (
          <button
            key={b.id}
            ref={i === 0 ? firstRef : undefined}
            type="button"
            className={`bahi-button bahi-business-choice${b.id === current ? ' bahi-button--primary' : ''}`}
            aria-disabled={busy !== null ? true : undefined}
            onClick={() => void choose(b.id)}
          >
            <span className="bahi-business-choice__name">{busy === b.id ? `Opening ${b.name}…` : b.name}</span>
            <span className="bahi-business-choice__role">
              {ROLE_LABELS[b.role]}
              {b.id === current ? ' · used last' : ''}
            </span>
          </button>
        ))}
        {error ? (
          <p className="bahi-form__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </AuthLayout>
  );
}
