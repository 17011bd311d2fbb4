// The replay page's record: a finished table's (table) or an uploaded file's,
// fetched again in each chosen view; the step shown, which the arrow keys move.
import { useCallback, useEffect, useState } from 'preact/hooks';
import { fetchTableReplay, uploadReplay, type ReplayData } from '../api';
import { clampStep } from '../view/replay';
import { useKeys } from './useKeys';

export function useReplay(table: string | null) {
  const [record, setRecord] = useState<string | null>(null);
  const [view, setView] = useState('all');
  const [data, setData] = useState<ReplayData | null>(null);
  const [step, setStep] = useState(0);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!table && !record) return;
    setError('');
    (table ? fetchTableReplay(table, view) : uploadReplay(record ?? '', view))
      .then((d) => {
        setData(d);
        setStep((s) => clampStep(s, d.frames.length));
      })
      .catch((e) => setError(e.message));
  }, [table, record, view]);

  const onKey = useCallback(
    (e: KeyboardEvent) => {
      if (!data) return;
      if (e.key === 'ArrowRight') setStep((s) => clampStep(s + 1, data.frames.length));
      if (e.key === 'ArrowLeft') setStep((s) => clampStep(s - 1, data.frames.length));
    },
    [data],
  );
  useKeys(onKey);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    try {
      JSON.parse(text);
    } catch {
      setError(`${file.name} is not JSON`);
      return;
    }
    setRecord(text);
    setStep(0);
  };

  return { data, view, setView, step, setStep, error, upload };
}
