import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Legal } from '../types';
import { lastMoveWords, movesHint, previewOf, type Layout, type Piece, type Zone } from '../view/board';
import { animateMoves, type Motion } from '../view/motion';
import { Art } from './Art';
import { CardFace, CardName, faceMark } from './CardFace';
import { Dyke } from './Dyke';

interface Props {
  layout: Layout;
  targets: Map<string, Legal[]>;
  onPick(key: string, actions: Legal[]): void;
  onHint(text: string | null): void;
  marks: Map<string, string[]>; // where each seat's last move is (lastMoveMarks): key → who
  preview: string | null; // the key a pointed-at move leads to (previewOf), highlighted
  onPreview(key: string | null): void;
  guide?: string | null; // the key a tutorial asks the learner to click (pages/Tutorial.tsx), lit up
}

type Help = { text: string; x: number; y: number; above?: boolean }; // above: y is its bottom edge
// What the board's pieces are given: the page's props, and where a long press shows a card's line.
type Inner = Props & { onHelp(help: Help | null): void };

const LONG_PRESS_MS = 500;
const HELP_ROOM = 120; // px a card's help box may need under (or over) the card

// A long press of a finger or pen shows what a card does; the click that ends
// it does not play it. A mouse has the card's tooltip instead: a slow click
// must never open a box. One pointer presses at a time, so the state of the
// press is kept here, outside the renders the help box itself causes. The
// click a browser makes of a lifted finger follows its pointerup at once; the
// window is counted from the lift, so a long hold on a slow machine cannot
// turn the ending click into a move.
let pressShowedHelp = false;
let swallowClickUntil = -Infinity;
const CLICK_AFTER_LIFT_MS = 1000;
const clickEndsLongPress = () => {
  const ends = performance.now() < swallowClickUntil;
  swallowClickUntil = -Infinity;
  return ends;
};

function longPress(help: string, props: Inner) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => clearTimeout(timer);
  return {
    onPointerDown: (e: PointerEvent) => {
      pressShowedHelp = false;
      swallowClickUntil = -Infinity;
      if (e.pointerType === 'mouse') return;
      const target = e.currentTarget as HTMLElement;
      timer = setTimeout(() => {
        pressShowedHelp = true;
        const box = target.getBoundingClientRect();
        // Below the card, or above it where a phone's screen ends (the hand strip stands at its bottom).
        const below = box.bottom + 4 + HELP_ROOM <= window.innerHeight;
        props.onHelp({
          text: help,
          x: Math.max(0, Math.min(box.left, window.innerWidth - 300)),
          y: below ? box.bottom + 4 : box.top - 4,
          above: !below,
        });
      }, LONG_PRESS_MS);
    },
    onPointerUp: () => {
      cancel();
      if (pressShowedHelp) swallowClickUntil = performance.now() + CLICK_AFTER_LIFT_MS;
      pressShowedHelp = false;
    },
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onContextMenu: (e: Event) => e.preventDefault(), // a long press on a phone is not a menu here
  };
}

// The small tag on a piece or area that a seat's last move acted on, in the
// same words as the label a screen reader hears.
function LastBadge({ who }: { who?: string[] }) {
  return who ? <span class="last-badge">{lastMoveWords(who)}</span> : null;
}

// A piece or zone that legal actions target is a button: click, Enter or Space plays it.
function Target({
  k,
  props,
  cls,
  children,
  label,
  piece,
  help,
}: {
  k?: string;
  props: Inner;
  cls: string;
  children: ComponentChildren;
  label: string;
  piece?: string; // what is written on a movable piece, so that it glides when it moves (view/motion.ts)
  help?: string; // what the card does: its tooltip, and a long press shows it
}) {
  const actions = k ? props.targets.get(k) : undefined;
  const who = k ? props.marks.get(k) : undefined;
  if (who) {
    cls += ' last-move';
    label += ` (${lastMoveWords(who)})`;
    children = (
      <>
        {children}
        <LastBadge who={who} />
      </>
    );
  }
  const press = help ? { ...longPress(help, props), 'data-help': '' } : {};
  if (!actions)
    return (
      <div class={cls} title={help ? `${label}: ${help}` : label} data-piece={piece} {...press}>
        {children}
      </div>
    );
  const hint = movesHint(actions) + (help ? ` — ${help}` : '');
  if (k === props.guide) cls += ' guide';
  const ahead = actions.length === 1 ? previewOf(props.layout, actions[0]) : null;
  const point = (on: boolean) => {
    props.onHint(on ? hint : null);
    if (ahead) props.onPreview(on ? ahead.key : null);
  };
  return (
    <button
      class={`${cls} target`}
      data-key={k}
      data-piece={piece}
      title={hint}
      aria-label={`${label}: ${actions.map((a) => a.label).join(', ')}${ahead ? ` (${ahead.text})` : ''}`}
      onClick={() => {
        if (!clickEndsLongPress()) props.onPick(k!, actions);
      }}
      onMouseEnter={() => point(true)}
      onFocus={() => point(true)}
      onMouseLeave={() => point(false)}
      onBlur={() => point(false)}
      {...press}
    >
      {children}
      {ahead && <span class={`ahead ${ahead.key === 'square:off' ? 'off' : ''}`}>{ahead.text}</span>}
    </button>
  );
}

const LONG_NAME = 12; // letters: a longer name is written smaller on its card (styles/cards.css)

function PieceView({ piece, props }: { piece: Piece; props: Inner }) {
  const label = `${piece.label}${piece.count && piece.count > 1 ? ` ×${piece.count}` : ''}`;
  // A number card's face is its number, drawn large: the name under it is then only for screen readers.
  const saidByFace = !piece.plate && !piece.art && !piece.back && faceMark(piece.label) === piece.label;
  return (
    <Target
      k={piece.key}
      props={props}
      cls={`piece ${piece.plate ? 'plate' : 'card'} ${piece.back ? 'back' : ''} ${piece.tone ?? ''} ${piece.label.length > LONG_NAME ? 'long-name' : ''}`}
      label={label}
      piece={piece.back ? undefined : piece.label}
      help={piece.help}
    >
      {piece.plate ? piece.art && <Art kind={piece.art} /> : <CardFace piece={piece} />}
      <span class={saidByFace ? 'face visually-hidden' : 'face'}>
        <CardName label={piece.label} />
      </span>
      {piece.count !== undefined && piece.count > 1 && <span class="count">×{piece.count}</span>}
      {piece.note && <span class="note">{piece.note}</span>}
    </Target>
  );
}

function ZoneView({ zone, props }: { zone: Zone; props: Inner }) {
  const who = (zone.key && props.marks.get(zone.key)) || props.marks.get(`zone:${zone.id}`);
  const body = (
    <>
      <h3>
        {zone.title}
        {zone.active && <span class="turn-mark"> ◀ turn</span>}
        <LastBadge who={who} />
        {zone.scored && <span class="scored-badge">{zone.scored}</span>}
      </h3>
      {zone.note && <p class="zone-note">{zone.note}</p>}
      {zone.grid && (
        <div class="grid" style={{ gridTemplateColumns: `repeat(${zone.grid[0]?.length ?? 7}, 1fr)` }}>
          {zone.grid.flat().map((cell) => (
            <Target k={cell.key} props={props} cls={`cell ${cell.tone}`} label={cell.title}>
              <span class="cell-name">{cell.key.slice(5)}</span>
              {cell.art ? <Art kind={cell.art} /> : <span class="cell-label">{cell.label}</span>}
            </Target>
          ))}
        </div>
      )}
      {zone.track && <Dyke track={zone.track} preview={props.preview} />}
      <div class="pieces">
        {zone.pieces.map((p) => (
          <PieceView piece={p} props={props} />
        ))}
      </div>
    </>
  );
  const cls = `zone ${zone.mine ? 'mine' : ''} ${zone.dock ? 'dock' : ''} ${zone.active ? 'active' : ''} ${zone.grid || zone.track ? 'wide' : ''} ${zone.tone ?? ''} ${who ? 'last-move' : ''} ${zone.scored ? 'scored' : ''}`;
  const actions = zone.key ? props.targets.get(zone.key) : undefined;
  if (!actions)
    return (
      <section class={cls} data-zone={zone.id}>
        {body}
      </section>
    );
  const hint = movesHint(actions);
  // A zone that is itself a target (a field, another player): the whole box is clickable.
  return (
    <section class={`${cls} zone-target`} data-zone={zone.id}>
      {body}
      <button
        class={`zone-button target ${zone.key === props.guide ? 'guide' : ''}`}
        data-key={zone.key}
        title={hint}
        onClick={() => props.onPick(zone.key!, actions)}
        onMouseEnter={() => props.onHint(hint)}
        onFocus={() => props.onHint(hint)}
        onMouseLeave={() => props.onHint(null)}
      >
        {actions.length === 1 ? actions[0].label : `${actions.length} moves here…`}
      </button>
    </section>
  );
}

export function Board(outer: Props) {
  const board = useRef<HTMLDivElement | null>(null);
  const motion = useRef<Motion>({ before: new Map() });
  const [help, setHelp] = useState<Help | null>(null);
  // Pieces move only when the layout does: a hover or a half-made choice re-renders the board
  // without measuring every piece again.
  useLayoutEffect(() => {
    if (board.current) animateMoves(board.current, motion.current);
  }, [outer.layout]);
  // The help box never outlives its moment: it closes when the board changes
  // (its card may be gone), at the next touch or click anywhere, and on Escape.
  // It takes no clicks itself (style.css), so it can never hide a move.
  useEffect(() => setHelp(null), [outer.layout]);
  useEffect(() => {
    if (!help) return;
    const close = () => setHelp(null);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    addEventListener('pointerdown', close, true);
    addEventListener('keydown', onKey);
    return () => {
      removeEventListener('pointerdown', close, true);
      removeEventListener('keydown', onKey);
    };
  }, [help]);
  const props: Inner = { ...outer, onHelp: setHelp };
  return (
    <div class="board" ref={board}>
      {props.layout.zones.map((z) => (
        <ZoneView zone={z} props={props} />
      ))}
      {help && (
        <div
          class="card-help"
          role="tooltip"
          style={{ left: `${help.x}px`, top: `${help.y}px`, transform: help.above ? 'translateY(-100%)' : undefined }}
        >
          {help.text}
        </div>
      )}
    </div>
  );
}
