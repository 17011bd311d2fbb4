// Signing in and creating an account: two small forms side by side. A guest
// needs neither to play; an account keeps their seats on every device.
import { useState } from 'preact/hooks';
import { createAccount, signIn, type Me } from '../../account';
import { Field, useSubmit } from './form';

type Kind = 'sign-in' | 'create';

function CredentialsForm({ kind, onDone }: { kind: Kind; onDone: (me: Me) => void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const creating = kind === 'create';
  const { submit, busy, shown } = useSubmit(() =>
    (creating ? createAccount : signIn)(name, password).then((me) => {
      onDone(me);
      return '';
    }),
  );
  return (
    <form
      class="panel account-form"
      id={`${kind}-form`}
      onSubmit={submit}
      aria-label={creating ? 'create an account' : 'sign in'}
    >
      <h2>{creating ? 'Create an account' : 'Sign in'}</h2>
      <Field
        id={`${kind}-name`}
        label="Name"
        type="text"
        autocomplete="username"
        maxLength={64}
        value={name}
        onValue={setName}
      />
      <Field
        id={`${kind}-password`}
        label={creating ? 'Password (8 characters or more)' : 'Password'}
        type="password"
        autocomplete={creating ? 'new-password' : 'current-password'}
        minLength={creating ? 8 : undefined}
        value={password}
        onValue={setPassword}
      />
      {shown}
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
