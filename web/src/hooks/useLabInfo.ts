// What this server's balance lab allows (GET /api/lab): asked for once per
// page, by the lobby (its link to the lab shows only when the lab is on) and
// by the lab's form. A server from before the lab answers 404: no lab.
import { useEffect, useState } from 'preact/hooks';
import { fetchLabInfo, type LabInfo } from '../lab';

export interface LabInfoState {
  info: LabInfo | null; // null while asking, or when the server could not be asked
  error: string; // why it could not be asked, '' when it could
}

export function useLabInfo(): LabInfoState {
  const [state, setState] = useState<LabInfoState>({ info: null, error: '' });
  useEffect(() => {
    let live = true;
    fetchLabInfo()
      .then((info) => live && setState({ info, error: '' }))
      .catch((e: Error) => live && setState({ info: null, error: e.message }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}
