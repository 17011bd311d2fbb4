// What the account's forms share: a labelled field, and a submit that
// waits for the server and then says what it answered (its refusal in its
// own words, the form left as it was).
import { useState } from 'preact/hooks';

export function Field(props: {
  id: string;
  label: string;
  type: 'text' | 'password';
  autocomplete: string;
  value: string;
  onValue: (value: string) => void;
  minLength?: number;
  maxLength?: number;
}) {
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        type={props.type}
        autocomplete={props.autocomplete}
        minLength={props.minLength}
        maxLength={props.maxLength}
        required
        value={props.value}
        onInput={(e) => props.onValue((e.target as HTMLInputElement).value)}
      />
    </>
  );
}

// `run` resolves to what to say on success ('' for nothing) or rejects with the server's refusal.
export function useSubmit(run: () => Promise<string>) {
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (e: Event) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setSaid(null);
    run()
      .then((text) => setSaid({ ok: true, text }))
      .catch((err: Error) => setSaid({ ok: false, text: err.message }))
      .finally(() => setBusy(false));
  };
  const shown = said?.text ? (
    <p class={said.ok ? 'ok' : 'error'} role={said.ok ? 'status' : 'alert'}>
      {said.text}
    </p>
  ) : null;
  return { submit, busy, shown };
}
