// /account: sign in or create an account; once signed in, my games on every
// device, where I am signed in, and the account's settings. `?next=/play/…`
// sends a person back where they came from after signing in.
import { signOut, useMe } from '../../account';
import { AccountGames } from './AccountGames';
import { AccountSettings } from './AccountSettings';
import { Sessions } from './Sessions';
import { SignInForms } from './SignInForms';

// Only a path on this site: a `next` pointing elsewhere would make the page an open redirect.
function nextPage(): string | null {
  const next = new URLSearchParams(location.search).get('next');
  return next && /^\/[^/\\]/.test(next) ? next : null;
}

export function AccountPage() {
  const { me, loading, reload } = useMe();
  const signedIn = () => {
    const next = nextPage();
    if (next) location.assign(next);
    else reload();
  };
  const out = () => signOut().finally(reload);
  return (
    <main class="lobby account">
      <header class="top">
        <h1>
          <a href="/">Bellwether</a>: {me ? me.name : 'your account'}
        </h1>
        <p>
          An account is optional: guests play by link. With one, a seat you open while signed in is yours on every
          device, under your name.
        </p>
      </header>
      {loading && <p class="loading">Checking whether you are signed in…</p>}
      {!loading && !me && <SignInForms onDone={signedIn} />}
      {me && (
        <>
          <p class="signed-in">
            Signed in as <strong>{me.name}</strong>.{' '}
            <button type="button" id="sign-out" onClick={out}>
              Sign out
            </button>
          </p>
          <AccountGames />
          <Sessions onSelfEnded={reload} />
          <AccountSettings me={me} onDeleted={reload} />
        </>
      )}
    </main>
  );
}
