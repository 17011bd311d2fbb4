// /lab and /lab/<id>: the balance lab's page, fetched as its own chunk when
// the route opens (most visitors never go there).
import { useEffect, useState } from 'preact/hooks';

type LabModule = typeof import('./lab/LabPage');

export function LabRoute({ job }: { job: string | null }) {
  const [lab, setLab] = useState<LabModule | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    import('./lab/LabPage').then(setLab, (e: Error) => setError(e.message));
  }, []);
  if (lab) return <lab.LabPage job={job} />;
  return (
    <main class="lobby">
      {error ? (
        <p class="error" role="alert">
          Cannot load the balance lab: {error}
        </p>
      ) : (
        <p class="loading">Loading the balance lab…</p>
      )}
    </main>
  );
}
