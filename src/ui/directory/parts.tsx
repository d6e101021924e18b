import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Card, Text } from '../kit/Layout';
import { ImageWithFallback } from '../kit/ImageWithFallback';
import { Skeleton } from '../kit/Skeleton';
import { styled } from '../kit/stitches.config';
import { columnsOf } from '../kit/grids';

export const PageTitle = styled('h1', { fontSize: '$6', lineHeight: 1.2, margin: 0 });

/**
 * A grid of tiles; `min` is the specification's minimum column (383px directory, 205px amenity tiles). Amenity tiles
 * come a few to a category, so as many columns as fit would leave most of a desktop row empty: they are one column on
 * a phone, two up to a desktop and three on one, each wider than the minimum.
 */
export const TileGrid = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$4',
  variants: {
    min: {
      directory: { gridTemplateColumns: columnsOf('directory') },
      amenity: {
        gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        '@phone': { gridTemplateColumns: 'minmax(0, 1fr)', gap: '$3' },
        '@desktop': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '$5' },
      },
    },
  },
});

export const TileLink = styled(Link, {
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  backgroundColor: '$surface',
  borderRadius: '$3',
  boxShadow: '$card',
  overflow: 'hidden',
  color: '$text',
  textDecoration: 'none',
  '&:hover, &:focus-visible': { outline: '2px solid $primary', outlineOffset: 2 },
});
export const TileName = styled('span', { display: 'block', padding: '$3 $4', fontWeight: 600 });
const TileImg = styled(ImageWithFallback, { display: 'block', width: '100%', objectFit: 'cover', backgroundColor: '$border' });

/** A tile's image; a broken one gives way to the placeholder. */
export function TileImage({ src, alt, ratio, fit = 'cover' }: { src: string | null; alt: string; ratio: string; fit?: 'cover' | 'contain' }) {
  return <TileImg src={src} alt={alt} loading="lazy" css={{ aspectRatio: ratio, objectFit: fit }} />;
}

const MarkBox = styled('div', {
  flexShrink: 0,
  borderRadius: '$2',
  overflow: 'hidden',
  variants: { size: { tile: { width: 64 }, page: { width: 96, boxShadow: '$card' } } },
});
const LogoBox = styled(MarkBox, { backgroundColor: '#FFFFFF' });
/** A company without a logo: its initials on the brand's colour, the same for every company, so it reads as a choice. */
const Monogram = styled(MarkBox, {
  aspectRatio: '1 / 1',
  display: 'grid',
  placeItems: 'center',
  backgroundColor: '$primary',
  color: '$onPrimary',
  fontWeight: 700,
  letterSpacing: '0.04em',
  variants: { size: { tile: { fontSize: '$4' }, page: { fontSize: '$6' } } },
});

/** A name's monogram: the first letters of its first two words (Pine & Paper → PP, Łódź Æsthetics → ŁÆ). */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, 2)
    .map((word) => [...word.replace(/^[^\p{L}\p{N}]+/u, '')][0]!.toLocaleUpperCase())
    .join('');

/**
 * A company's logo, or its monogram when it has none. `label` names it (the company page's "Acme Analytics logo");
 * without one it is decorative (a tile, where the name is beside it).
 */
export function CompanyMark({ name, logoUrl, size, label }: { name: string; logoUrl: string | null; size: 'tile' | 'page'; label?: string }) {
  if (logoUrl)
    return (
      <LogoBox size={size}>
        <TileImage src={logoUrl} alt={label ?? ''} ratio="1 / 1" fit="contain" />
      </LogoBox>
    );
  return (
    <Monogram size={size} {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })} data-testid="company-monogram">
      {initialsOf(name)}
    </Monogram>
  );
}

const SkeletonTile = styled(Skeleton, { height: 180, borderRadius: '$3' });

/** Skeleton tiles while a list loads. */
export function SkeletonTiles({ min, count }: { min: 'directory' | 'amenity'; count: number }) {
  const t = useT();
  return (
    <TileGrid min={min} role="progressbar" aria-label={t('directory.loading')} aria-busy="true" data-testid="skeleton">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} aria-hidden="true">
          <SkeletonTile />
        </li>
      ))}
    </TileGrid>
  );
}

/** A failed load with its retry button. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <Card role="alert" css={{ maxWidth: 560 }}>
      <Text>{message}</Text>
      <Button type="button" onClick={onRetry}>
        {t('directory.retry')}
      </Button>
    </Card>
  );
}

/** A screen whose thing does not exist, with a way back. */
export function NotFound({ message, back }: { message: string; back: ReactNode }) {
  return (
    <Card role="alert" css={{ maxWidth: 560 }}>
      <Text>{message}</Text>
      {back}
    </Card>
  );
}
