// Hot-seat hand-over: nothing of the next person's view is drawn until they say it is them.
export function HandOver({ name, onReady }: { name: string; onReady(): void }) {
  return (
    <main class="table-page">
      <div class="hand-over" role="dialog" aria-label="pass the device">
        <div>
          <h2>Pass the device to {name}</h2>
          <p>The next decision is {name}'s. Others, look away.</p>
          <button class="primary" id="hand-over-ok" onClick={onReady}>
            I am {name}: show my hand
          </button>
        </div>
      </div>
    </main>
  );
}
