// The lab's heading, on the form and on a job's page: what the lab is for.
export function LabHeader({ job }: { job: boolean }) {
  return (
    <header class="top">
      <h1>
        <a href="/">Bellwether</a>: balance lab
      </h1>
      <p>
        Bots play one set-up many times over, to show whether a seat or an option tilts a game.
        {!job && ' Pick a game, a level for each seat and how many games, then Run.'}
        {job && (
          <>
            {' '}
            <a href="/lab">Start another job</a>
          </>
        )}
      </p>
    </header>
  );
}
