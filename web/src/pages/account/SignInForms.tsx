// Signing in and creating an account: two small forms side by side. A guest
// needs neither to play; an account keeps their seats on every device.
import { useState } from 'preact/hooks';
import { createAccount, signIn, type Me } from '../../account';

type Kind = 'sign-in' | 'create';

function CredentialsForm({ kind, onDone }: { kind: Kind; onDone: (me: Me) => void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const creating = kind === 'create';
  const submit = (e: Event) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem('');
    (creating ? createAccount : signIn)(name, password)
      .then(onDone)
      .catch((err: Error) => setProblem(err.message))
      .finally(() => setBusy(false));
  };
  const id = (field: string) => `${kind}-${field}`;
  return (
    <form
      class="panel account-form"
      id={`${kind}-form`}
      onSubmit={submit}
      aria-label={creating ? 'create an account' : 'sign in'}
    >
      <h2>{creating ? 'Create an account' : 'Sign in'}</h2>
      <label for={id('name')}>Name</label>
      <input
        id={id('name')}
        type="text"
        autocomplete="username"
        maxLength={64}
        required
        value={name}
        onInput={(e) => setName((e.target as HTMLInputElement).value)}
      />
      <label for={id('password')}>Password{creating && ' (8 characters or more)'}</label>
      <input
        id={id('password')}
        type="password"
        autocomplete={creating ? 'new-password' : 'current-password'}
        minLength={creating ? 8 : undefined}
        required
        value={password}
        onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
      />
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? 'One moment…' : creating ? 'Create my account' : 'Sign in'}
      </button>
    </form>
  );
}

export function SignInForms({ onDone }: { onDone: (me: Me) => void }) {
  return (
    <div class="account-forms">
      <CredentialsForm kind="sign-in" onDone={onDone} />
      <CredentialsForm kind="create" onDone={onDone} />
    </div>
  );
}
