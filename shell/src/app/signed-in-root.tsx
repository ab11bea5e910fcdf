import { useEffect } from 'react';
import { BahiProviders } from '@bahi/shared/ui';
import AuthenticatedApp from './authenticated-app';
import { endStyleWarmUp } from './style-warm-up';
import '../shell.css';

export { warmUpStyles } from './style-warm-up';

/** The lazily loaded part of the shell: antd's providers and theme around everything behind the login. */
export default function SignedInRoot() {
  useEffect(endStyleWarmUp, []);
  return (
    <BahiProviders>
      <AuthenticatedApp />
    </BahiProviders>
  );
}
