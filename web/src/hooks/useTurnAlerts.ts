// The tab's title and icon say when a decision is the person's (view/tab.ts);
// a sound and a notification too, if the person asked for them, as the
// decision becomes theirs (view/alerts.ts). Leaving the table puts the tab back.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { loadAlertChoice, saveAlertChoice } from '../prefs';
import type { StateFrame } from '../types';
import { alertsFor, playTurnSound, showTurnNotification, type AlertChoice } from '../view/alerts';
import { ICON_IDLE, showTab, tabState } from '../view/tab';

// gameName: the game's short name (games.ts), undefined before the table is joined.
export function useTurnAlerts(
  frame: StateFrame | undefined,
  you: number[],
  gameName: string | undefined,
  online: boolean,
) {
  const { title, icon, yours } = tabState(frame, you, gameName ?? 'Bellwether', online);
  useEffect(() => showTab({ title, icon }), [title, icon]);
  const [alertChoice, setAlertChoice] = useState<AlertChoice>(loadAlertChoice);
  const wasYours = useRef(false);
  useEffect(() => {
    const permission = typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
    const due = alertsFor(wasYours.current, yours, document.hidden, alertChoice, permission);
    wasYours.current = yours;
    if (due.sound) playTurnSound();
    if (due.notification) showTurnNotification(title, 'A decision waits for you at the table.');
  }, [yours, alertChoice, title]);
  useEffect(() => () => showTab({ title: 'Bellwether', icon: ICON_IDLE }), []);
  const chooseAlerts = useCallback((choice: AlertChoice) => {
    saveAlertChoice(choice);
    setAlertChoice(choice);
    if (choice.notify && typeof Notification !== 'undefined' && Notification.permission === 'default')
      void Notification.requestPermission();
  }, []);
  return { alertChoice, chooseAlerts };
}
