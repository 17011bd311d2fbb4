// The table page's header: the game, who the person is, how to play, the
// remembered switches and the connection.
import type { TableConnectionState } from '../hooks/useTableConnection';
import type { AlertChoice } from '../view/alerts';

// One of the page's remembered switches (fast, sound, notify me).
function Toggle(props: { label: string; title: string; checked: boolean; onChange(on: boolean): void; cls?: string }) {
  return (
    <label class={`small ${props.cls ?? ''}`} title={props.title}>
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange((e.target as HTMLInputElement).checked)}
      />{' '}
      {props.label}
    </label>
  );
}

export function TableHeader(props: {
  title: string;
  who: string;
  showRules: boolean;
  onShowRules(show: boolean): void;
  fast: boolean;
  onFast(fast: boolean): void;
  alerts: AlertChoice;
  onAlerts(choice: AlertChoice): void;
  status: TableConnectionState['status'];
}) {
  const { showRules, alerts, onAlerts } = props;
  return (
    <header class="table-header">
      <a href="/">← lobby</a>
      <h1>{props.title}</h1>
      <span class="who">{props.who}</span>
      <button onClick={() => props.onShowRules(!showRules)} aria-expanded={showRules}>
        {showRules ? 'Hide how to play' : 'How to play'}
      </button>
      <Toggle
        cls="fast-bots"
        label="fast"
        title="show other players' moves at once instead of one at a time"
        checked={props.fast}
        onChange={props.onFast}
      />
      <Toggle
        label="sound"
        title="a short sound when a decision becomes yours"
        checked={alerts.sound}
        onChange={(sound) => onAlerts({ ...alerts, sound })}
      />
      <Toggle
        label="notify me"
        title="a browser notification when a decision becomes yours while this tab is hidden"
        checked={alerts.notify}
        onChange={(notify) => onAlerts({ ...alerts, notify })}
      />
      <span class={`conn conn-${props.status}`} role="status">
        {props.status === 'open' ? '● connected' : '○ reconnecting…'}
      </span>
    </header>
  );
}
