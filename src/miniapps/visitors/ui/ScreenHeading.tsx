import { useEffect, useRef, type ReactNode } from 'react';

/** A heading that takes the focus when its screen appears (so a screen reader and the keyboard start there). */
export function ScreenHeading({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus({ preventScroll: false }), []);
  return (
    <h1 ref={ref} tabIndex={-1} className={className}>
      {children}
    </h1>
  );
}
