import { useIntl } from 'react-intl';
import type { FeedTile } from '../../../machines/home/feed';
import { styled } from '../kit/stitches.config';
import { ImageWithFallback } from '../kit/ImageWithFallback';

const Card = styled('button', {
  appearance: 'none',
  textAlign: 'left',
  font: 'inherit',
  color: 'inherit',
  padding: 0,
  border: '1px solid $border',
  borderRadius: '$3',
  overflow: 'hidden',
  backgroundColor: '$surface',
  cursor: 'pointer',
  display: 'flex',
  flexDirection: 'column',
  transition: 'box-shadow 120ms ease',
  '&:hover': { boxShadow: '$card' },
  variants: { size: { normal: {}, large: { '@tablet': { flexDirection: 'row' } } } },
  defaultVariants: { size: 'normal' },
});
const Image = styled(ImageWithFallback, {
  display: 'block',
  width: '100%',
  aspectRatio: '648 / 416',
  objectFit: 'cover',
  backgroundColor: '$border',
});
const Body = styled('div', { padding: '$4', display: 'flex', flexDirection: 'column', gap: '$1', flex: 1 });
const Title = styled('h3', { margin: 0, fontSize: '$4', lineHeight: 1.25 });
const Meta = styled('p', { margin: 0, color: '$muted', fontSize: '$2' });

/** A content tile: image (the placeholder when it fails), title, subtitle and, for dated content, its start. */
export function FeedTileCard({ tile, onOpen, size }: { tile: FeedTile; onOpen: () => void; size?: 'normal' | 'large' }) {
  const intl = useIntl();
  const when =
    tile.start_at && tile.display_calendar_icon !== false
      ? intl.formatDate(tile.start_at, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
      : null;
  return (
    <Card type="button" size={size} onClick={onOpen} data-testid="feed-tile" data-uuid={tile.uuid}>
      <Image
        src={tile.image_url}
        alt={tile.image_alt_text ?? ''}
        width={648}
        height={416}
        loading="lazy"
        css={size === 'large' ? { '@tablet': { width: '40%', aspectRatio: 'auto', maxHeight: 280 } } : undefined}
      />
      <Body>
        {when ? <Meta>{when}</Meta> : null}
        <Title>{tile.title}</Title>
        {tile.subtitle ? <Meta>{tile.subtitle}</Meta> : tile.description_title ? <Meta>{tile.description_title}</Meta> : null}
      </Body>
    </Card>
  );
}
