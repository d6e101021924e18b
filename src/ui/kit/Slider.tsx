import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { styled } from './stitches.config';

const Root = styled('div', {
  position: 'relative',
  height: 44,
  display: 'flex',
  alignItems: 'center',
  touchAction: 'none',
  cursor: 'pointer',
  '&[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
});
const Track = styled('div', { position: 'relative', width: '100%', height: 6, borderRadius: '$round', backgroundColor: '$control' });
const Range = styled('div', { position: 'absolute', insetBlock: 0, insetInlineStart: 0, borderRadius: '$round', backgroundColor: '$primary' });
const Thumb = styled('div', {
  position: 'absolute',
  top: '50%',
  width: 24,
  height: 24,
  marginInlineStart: -12,
  marginTop: -12,
  borderRadius: '$round',
  backgroundColor: '$surface',
  border: '2px solid $primary',
  boxShadow: '$card',
  '&:focus-visible': { outline: '3px solid $primary', outlineOffset: 2 },
});

export interface SliderProps {
  /** The slider's accessible name. */
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  /** Page Up / Page Down move this far (a tenth of the range by default). */
  pageStep?: number;
  /** What a screen reader says for a value (aria-valuetext), e.g. "60%". */
  valueText?: (value: number) => string;
  disabled?: boolean;
  /** The value the person settled on: on pointer up (mouse, pen, touch end) and on each key. */
  onCommit: (value: number) => void;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A slider after the WAI-ARIA pattern (role="slider"): arrows move a step, Page Up/Down a page, Home/End to the ends;
 * dragging moves the thumb and commits once, when the pointer is let go. While dragging the thumb shows the dragged
 * value; otherwise it shows `value`.
 */
export function Slider({ label, value, min, max, step = 1, pageStep, valueText, disabled = false, onCommit }: SliderProps) {
  const track = useRef<HTMLDivElement>(null);
  const thumb = useRef<HTMLDivElement>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const shown = dragged ?? value;
  const page = pageStep ?? Math.max(step, (max - min) / 10);
  const snap = (raw: number) => clamp(Math.round((raw - min) / step) * step + min, min, max);

  const valueAt = (clientX: number) => {
    const box = track.current?.getBoundingClientRect();
    if (!box || box.width === 0) return value;
    const rtl = track.current ? getComputedStyle(track.current).direction === 'rtl' : false;
    const fraction = clamp((clientX - box.left) / box.width, 0, 1);
    return snap(min + (rtl ? 1 - fraction : fraction) * (max - min));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    thumb.current?.focus();
    setDragged(valueAt(event.clientX));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragged !== null) setDragged(valueAt(event.clientX));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (dragged === null) return;
    const settled = valueAt(event.clientX);
    setDragged(null);
    onCommit(settled);
  };
  const onPointerCancel = () => setDragged(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const moves: Record<string, number> = {
      ArrowRight: value + step,
      ArrowUp: value + step,
      ArrowLeft: value - step,
      ArrowDown: value - step,
      PageUp: value + page,
      PageDown: value - page,
      Home: min,
      End: max,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const settled = snap(next);
    if (settled !== value) onCommit(settled);
  };

  const percent = max === min ? 0 : ((shown - min) / (max - min)) * 100;
  return (
    <Root
      aria-disabled={disabled || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    >
      <Track ref={track}>
        <Range css={{ width: `${percent}%` }} />
        <Thumb
          ref={thumb}
          role="slider"
          tabIndex={disabled ? -1 : 0}
          aria-label={label}
          aria-valuemin={min}
          aria-valuemax={max}
          aria-valuenow={shown}
          aria-valuetext={valueText ? valueText(shown) : undefined}
          aria-disabled={disabled || undefined}
          aria-orientation="horizontal"
          onKeyDown={onKeyDown}
          css={{ insetInlineStart: `${percent}%` }}
        />
      </Track>
    </Root>
  );
}
