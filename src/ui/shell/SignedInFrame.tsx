import { Skeleton } from '../kit/Skeleton';
import { PageContainer } from '../kit/Layout';
import { VisuallyHidden } from '../kit/VisuallyHidden';
import { styled } from '../kit/stitches.config';
import { useT } from '../../i18n/useT';

const Bar = styled('div', { minHeight: 64, backgroundColor: '$brand' });
const Hero = styled(Skeleton, { height: 200, borderRadius: 0, '@tablet': { height: 260 } });
const Row = styled('div', {
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'min(80%, 300px)',
  gap: '$3',
  overflow: 'hidden',
  '@tablet': { gridAutoFlow: 'row', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))' },
});

/**
 * The home's frame, drawn the moment "Sign in" is answered (issue 26) while the home's code, building and feed come:
 * the header's bar in the brand's colour, the hero's place, and grey tiles where the feed will be, so the page does not
 * jump when they arrive. It tells assistive technology that the page is loading.
 */
export function SignedInFrame() {
  const t = useT();
  return (
    <div aria-busy="true" data-testid="signed-in-frame">
      <Bar />
      <Hero />
      <PageContainer>
        <VisuallyHidden role="progressbar" aria-label={t('app.loading')} />
        <Skeleton css={{ height: 32, width: 220 }} />
        {[0, 1].map((row) => (
          <div key={row}>
            <Skeleton css={{ height: 28, width: 200, marginBottom: '$3' }} />
            <Row>
              {[0, 1, 2].map((tile) => (
                <Skeleton key={tile} css={{ aspectRatio: '648 / 520' }} />
              ))}
            </Row>
          </div>
        ))}
      </PageContainer>
    </div>
  );
}
