// "What happened": the newest 60 lines of the seat's log, scrolled to the end.
import { useEffect, useRef } from 'preact/hooks';

const SHOWN_LINES = 60;

// shown: the seat whose log it is; a change of seat scrolls too.
export function MoveLog({ log, shown }: { log: string[]; shown: number | null }) {
  const list = useRef<HTMLOListElement | null>(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [log.length, shown]);
  return (
    <div class="log" aria-label="move log">
      <h3>What happened</h3>
      <ol
        ref={list}
        tabIndex={0}
        start={Math.max(1, log.length - SHOWN_LINES + 1)}
        aria-live="polite"
        aria-relevant="additions"
      >
        {log.slice(-SHOWN_LINES).map((line) => (
          <li>{line}</li>
        ))}
      </ol>
    </div>
  );
}
