import type { LucideIcon } from 'lucide-react';

/**
 * An icon of the kit's set (lucide-react: import the icon itself, `import { Building2 } from 'lucide-react'`, so only
 * the icons used are bundled). Decorative unless it has a label: then it is an image with that name.
 */
export function Icon({ icon: Glyph, label, size = 20 }: { icon: LucideIcon; label?: string; size?: number }) {
  return label ? <Glyph size={size} role="img" aria-label={label} focusable="false" /> : <Glyph size={size} aria-hidden="true" focusable="false" />;
}
