// A new password, my data as a file, and deleting the account: each asks
// for the password again, so a browser left open cannot do it alone.
import { useState } from 'preact/hooks';
import { changePassword, deleteAccount, fetchMyData, type Me } from '../../account';
import { Field, useSubmit } from './form';

function PasswordChange() {
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const { submit, busy, shown } = useSubmit(() =>
    changePassword(old, next).then(() => {
      setOld('');
      setNext('');
      return 'Changed. Every other browser signed in as you is signed out.';
    }),
  );
  return (
    <form class="panel account-form" id="password-form" onSubmit={submit} aria-label="change password">
      <h2>Change password</h2>
      <Field
        id="old-password"
        label="Current password"
        type="password"
        autocomplete="current-password"
        value={old}
        onValue={setOld}
      />
      <Field
        id="new-password"
        label="New password (8 characters or more)"
        type="password"
        autocomplete="new-password"
        minLength={8}
        value={next}
        onValue={setNext}
      />
      {shown}
      <button type="submit" disabled={busy}>
        Change password
      </button>
    </form>
  );
}

function download(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function DeleteAccount({ me, onDeleted }: { me: Me; onDeleted: () => void }) {
  const [password, setPassword] = useState('');
  const { submit, busy, shown } = useSubmit(() =>
    deleteAccount(password).then(() => {
      onDeleted();
      return 'Deleted.';
    }),
  );
  return (
    <form class="panel account-form danger" id="delete-form" onSubmit={submit} aria-label="delete my account">
      <h2>Delete my account</h2>
      <p>
        {me.name} and its password go at once; at every table you sat at, your seat is called by its number again and
        your moves stay in the record. This cannot be undone.
      </p>
      <Field
        id="delete-password"
        label="Password"
        type="password"
        autocomplete="current-password"
        value={password}
        onValue={setPassword}
      />
      {shown}
      <button type="submit" class="danger" disabled={busy}>
        Delete {me.name} for good
      </button>
    </form>
  );
}

export function AccountSettings({ me, onDeleted }: { me: Me; onDeleted: () => void }) {
  const [problem, setProblem] = useState('');
  const save = () =>
    fetchMyData()
      .then((data) => download(`bellwether-${me.name}.json`, data))
      .catch((e: Error) => setProblem(e.message));
  return (
    <>
      <PasswordChange />
      <section class="panel" id="my-data" aria-label="my data">
        <h2>My data</h2>
        <p>Everything the server keeps about you (your name, sessions and seats), as one JSON file.</p>
        {problem && <p class="error">{problem}</p>}
        <button type="button" id="download-data" onClick={save}>
          Download my data
        </button>
      </section>
      <DeleteAccount me={me} onDeleted={onDeleted} />
    </>
  );
}
