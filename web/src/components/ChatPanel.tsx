// The table's chat: seated people write, spectators read; lines are text,
// never HTML. Muting hides the lines (remembered by the browser).
import { useEffect, useRef, useState } from 'preact/hooks';
import { loadChatMuted, saveChatMuted } from '../prefs';
import type { ChatLine } from '../types';

export const MAX_CHAT_CHARS = 280;

export function ChatPanel(props: { lines: ChatLine[]; canWrite: boolean; onSend(text: string): boolean }) {
  const [muted, setMuted] = useState(loadChatMuted);
  const [typed, setTyped] = useState('');
  const list = useRef<HTMLOListElement | null>(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [props.lines.length, muted]);
  const mute = (on: boolean) => {
    setMuted(on);
    saveChatMuted(on);
  };
  const send = (e: Event) => {
    e.preventDefault();
    const text = typed.trim();
    if (text && props.onSend(text)) setTyped('');
  };
  return (
    <div class="chat" aria-label="chat">
      <h3>
        Chat{' '}
        <label class="small">
          <input type="checkbox" checked={muted} onChange={(e) => mute((e.target as HTMLInputElement).checked)} /> mute
        </label>
      </h3>
      {muted ? (
        <p class="small muted-note">Chat muted ({props.lines.length} lines).</p>
      ) : (
        <ol class="chat-lines" ref={list} tabIndex={0} aria-live="polite" aria-relevant="additions">
          {props.lines.length === 0 && <li class="small">No messages yet.</li>}
          {props.lines.map((l) => (
            <li data-index={l.index}>
              <strong>{l.name}</strong> {l.text}
            </li>
          ))}
        </ol>
      )}
      {props.canWrite && !muted && (
        <form class="chat-form" onSubmit={send}>
          <input
            type="text"
            id="chat-input"
            aria-label="message"
            placeholder="Say something to the table"
            maxLength={MAX_CHAT_CHARS}
            value={typed}
            onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
          />
          <button type="submit" disabled={!typed.trim()}>
            Send
          </button>
        </form>
      )}
    </div>
  );
}
