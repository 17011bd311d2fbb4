// The lab's heading, on the form and on a job's page: what the lab is for,
// and what to do here (the form's steps, or a link to start another job).
import type { ComponentChildren } from 'preact';

export function LabHeader({ children }: { children?: ComponentChildren }) {
  return (
    <header class="top">
      <h1>
        <a href="/">Bellwether</a>: balance lab
      </h1>
      <p>Bots play one set-up many times over, to show whether a seat or an option tilts a game. {children}</p>
    </header>
  );
}
